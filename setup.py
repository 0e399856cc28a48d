"""What pyproject.toml cannot say: the bots/ folder is installed as the package ``landgrave_bots``.

Everything else about the distribution is in pyproject.toml. The built-in bots
stay in bots/ (where people look for them and run them from a clone), and a
wheel carries them under a name no other distribution would take
(referee/builtin_bots.py finds them there). pyproject.toml's
``packages.find`` cannot rename a folder, hence this file. Data folders
(referee/games/*/data) have no ``__init__.py``: as namespace packages they are
found, and their maps and tiles shipped, as ``packages.find`` did.
"""

from setuptools import find_namespace_packages, setup

setup(
    packages=[
        *find_namespace_packages(include=["referee*", "sdk*"], exclude=["*__pycache__"]),
        "landgrave_bots",
    ],
    package_dir={"landgrave_bots": "bots"},
)
