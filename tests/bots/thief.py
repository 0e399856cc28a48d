"""Tries to take a seat with a token that is not its own: python thief.py ADDRESS TOKEN.

Prints ``welcome`` if the referee let it in, else ``refused: REASON``.
"""

import asyncio
import sys

import grpc

from sdk.pb.landgrave.v1 import bot_pb2, bot_pb2_grpc


async def main(address: str, token: str) -> None:
    async with grpc.aio.insecure_channel(address) as channel:
        call = bot_pb2_grpc.RefereeStub(channel).Play()
        hello = bot_pb2.Hello(protocol_version=1, token=token, name="thief")
        await call.write(bot_pb2.BotMessage(hello=hello))
        first = await call.read()
        kind = first.WhichOneof("kind")
        print("welcome" if kind == "welcome" else f"refused: {first.error.message}")
        call.cancel()


asyncio.run(main(sys.argv[1], sys.argv[2]))
