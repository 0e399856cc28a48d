"""A bot that floods the referee: on its first decision, thousands of log lines and stale replies.

Written on the raw protocol (the SDK would never send these).
"""

import asyncio
import os

import grpc

from sdk.pb.landgrave.v1 import bot_pb2, bot_pb2_grpc
from sdk.runtime import read_token

TOKEN = read_token(int(os.environ["LANDGRAVE_TOKEN_FD"]))


async def main() -> None:
    async with grpc.aio.insecure_channel(os.environ["LANDGRAVE_ADDRESS"]) as channel:
        call = bot_pb2_grpc.RefereeStub(channel).Play()
        hello = bot_pb2.Hello(protocol_version=1, token=TOKEN, name="flood")
        await call.write(bot_pb2.BotMessage(hello=hello))
        async for message in call:
            if message.WhichOneof("kind") != "decision":
                continue
            request = message.decision
            for n in range(3000):
                log = bot_pb2.LogLine(match_id=request.match_id, text="spam " * 1000)
                await call.write(bot_pb2.BotMessage(log=log))
                stale = bot_pb2.Reply(match_id=request.match_id, seq=request.seq + 1 + n, index=0)
                await call.write(bot_pb2.BotMessage(reply=stale))


asyncio.run(main())
