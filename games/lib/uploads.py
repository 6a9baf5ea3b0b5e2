"""Uploaded files (an imported table document) kept no larger than Talon reads: Django writes an upload to a
temporary file however large it is (DATA_UPLOAD_MAX_MEMORY_SIZE counts only the other fields), so one request
could fill a server's disk. The first of the upload handlers skips a file as soon as it is larger than
TALON_MAX_DOCUMENT, before the rest reaches the disk, and marks the request so the form can say why."""

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler, SkipFile

TOO_LARGE = "talon_upload_too_large"  # set on a request whose upload was skipped


class LimitedUpload(FileUploadHandler):
    def new_file(self, *args, **kwargs):
        super().new_file(*args, **kwargs)
        self.received = 0

    def receive_data_chunk(self, raw_data, start):
        self.received += len(raw_data)
        if self.received > settings.TALON_MAX_DOCUMENT:
            setattr(self.request, TOO_LARGE, True)
            raise SkipFile
        return raw_data  # on to the next handler, which keeps it

    def file_complete(self, file_size):
        return None  # the next handler gives the file
