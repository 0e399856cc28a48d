"""The built-in bots, installed as the package ``landgrave_bots``.

Each module is a script a bot process runs (``python bots/land_greedy.py``);
referee/builtin_bots.py names them (``--bot land-greedy``). Nothing here is
meant to be imported.
"""
