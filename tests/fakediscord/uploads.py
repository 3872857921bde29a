"""Files a member attaches to a slash command's attachment option.

Discord stores such a file on its CDN before the interaction is sent and puts
its URL in the ``resolved.attachments`` block; the bot then downloads it. Here
``fake.upload(filename, data)`` makes the ``FakeAttachment`` to pass as the
option's value, and the fake serves its bytes at that URL, like the files of
posted messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.fakediscord.messages import FakeAttachment
from tests.fakediscord.snowflake import SnowflakeFactory


@dataclass
class UploadShelf:
    ids: SnowflakeFactory
    files: dict[int, FakeAttachment] = field(default_factory=dict)

    def add(self, filename: str, data: bytes, content_type: str | None = None) -> FakeAttachment:
        attachment = FakeAttachment(
            id=self.ids.next(), filename=filename, data=data, content_type=content_type
        )
        self.files[attachment.id] = attachment
        return attachment

    def find(self, attachment_id: int) -> FakeAttachment | None:
        return self.files.get(attachment_id)
