"""A bot that answers with bytes that do not parse, written on the raw protocol.

    python tests/bots/garbage.py MODE

action-bytes: a reply whose Any payload names the game's Action type but holds
bytes that are no valid message of it; stream-bytes: after the hello, raw bytes
on the stream where a BotMessage belongs. The SDK would never send either.
"""

import asyncio
import os
import sys

import grpc

from sdk.pb.landgrave.v1 import bot_pb2
from sdk.runtime import read_token

TOKEN = read_token(int(os.environ["LANDGRAVE_TOKEN_FD"]))

MODE = sys.argv[1]
PLAY = "/landgrave.v1.Referee/Play"
# A field 1 length-delimited header that claims far more bytes than follow.
UNDECODABLE = b"\x0a\xff\xff\xff\x0f\x01"


def serialize(message: bot_pb2.BotMessage | bytes) -> bytes:
    return message if isinstance(message, bytes) else message.SerializeToString()


async def main() -> None:
    async with grpc.aio.insecure_channel(os.environ["LANDGRAVE_ADDRESS"]) as channel:
        call = channel.stream_stream(
            PLAY,
            request_serializer=serialize,
            response_deserializer=bot_pb2.RefereeMessage.FromString,
        )()
        hello = bot_pb2.Hello(protocol_version=1, token=TOKEN, name=f"garbage-{MODE}")
        await call.write(bot_pb2.BotMessage(hello=hello))
        async for message in call:
            if message.WhichOneof("kind") != "decision":
                continue
            request = message.decision
            if MODE == "stream-bytes":
                await call.write(UNDECODABLE)
                continue
            # The legal list's type URL names the game's package: its Action is a sibling.
            action_type = request.legal_actions.type_url.removesuffix("ActionList") + "Action"
            reply = bot_pb2.Reply(match_id=request.match_id, seq=request.seq)
            reply.action.type_url = action_type
            reply.action.value = UNDECODABLE
            await call.write(bot_pb2.BotMessage(reply=reply))


asyncio.run(main())
