"""Reads form and multipart bodies the way Python servers do, one request a line on stdin as JSON
{"content_type": ..., "body": base64}; prints, one a line, each name's values in order as JSON: what Django's
QueryDict.getlist and Werkzeug's MultiDict.getlist give, which do not read brackets in names.

A form goes through urllib.parse.parse_qsl (Django's QueryDict and Werkzeug parse forms the same way); a multipart
body through the standard library's email parser."""
import base64
import json
import sys
from email.parser import BytesParser
from email.policy import HTTP
from urllib.parse import parse_qsl


def fields(content_type, body):
    if content_type.startswith("application/x-www-form-urlencoded"):
        return parse_qsl(body.decode("ascii"), keep_blank_values=True, strict_parsing=bool(body))
    message = BytesParser(policy=HTTP).parsebytes(b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body)
    return [(part.get_param("name", header="content-disposition"), part.get_content()) for part in message.iter_parts()]


for line in sys.stdin:
    request = json.loads(line)
    values = {}
    for name, value in fields(request["content_type"], base64.b64decode(request["body"])):
        values.setdefault(name, []).append(value)
    print(json.dumps(values, separators=(",", ":")), flush=True)
