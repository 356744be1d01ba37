"""One file write for the scripts that write charts: the text goes to PATH.tmp and is
renamed over PATH, so a reader, or a run cut short, never sees half a file (the project
writes every file atomically)."""
import os


def write_text(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
