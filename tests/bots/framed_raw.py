"""A bot on the raw framed socket that breaks the protocol once it is asked to decide.

    python tests/bots/framed_raw.py MODE

stream-bytes: a frame whose bytes are no BotMessage; huge-frame: a frame
header that claims 64 MiB; flood: thousands of replies to nothing; cut-frame:
half a frame, then the end of the stream. The SDK would never send any.
"""

import os
import socket
import sys

from sdk.frames import HEADER, FrameSocket, frame
from sdk.pb.landgrave.v1 import bot_pb2
from sdk.runtime import read_token

MODE = sys.argv[1]
TOKEN = read_token(int(os.environ["LANDGRAVE_TOKEN_FD"]))
# A field 1 length-delimited header that claims far more bytes than follow.
UNDECODABLE = b"\x0a\xff\xff\xff\x0f\x01"


def send(frames: FrameSocket, message: bot_pb2.BotMessage) -> None:
    frames.write(message.SerializeToString())


def misbehave(sock: socket.socket, frames: FrameSocket, request: bot_pb2.DecisionRequest) -> None:
    if MODE == "stream-bytes":
        sock.sendall(frame(UNDECODABLE))
    elif MODE == "huge-frame":
        sock.sendall(HEADER.pack(64 * 1024 * 1024) + b"x" * 1000)
    elif MODE == "flood":
        stale = bot_pb2.Reply(match_id=request.match_id, seq=request.seq + 1000, index=0)
        sock.sendall(
            b"".join(
                frame(bot_pb2.BotMessage(reply=stale).SerializeToString()) for _ in range(1500)
            )
        )
    elif MODE == "cut-frame":
        sock.sendall(HEADER.pack(100) + b"x" * 10)
        sock.shutdown(socket.SHUT_WR)


def main() -> None:
    with socket.socket(socket.AF_UNIX) as sock:
        sock.connect(os.environ["LANDGRAVE_SOCKET"])
        frames = FrameSocket(sock)
        hello = bot_pb2.Hello(protocol_version=1, token=TOKEN, name=f"framed-{MODE}")
        send(frames, bot_pb2.BotMessage(hello=hello))
        misbehaved = False
        while (payload := frames.read()) is not None:
            message = bot_pb2.RefereeMessage.FromString(payload)
            if message.WhichOneof("kind") == "error":
                print(f"referee says: {message.error.message}", file=sys.stderr)
            if message.WhichOneof("kind") == "decision" and not misbehaved:
                misbehaved = True
                misbehave(sock, frames, message.decision)


main()
