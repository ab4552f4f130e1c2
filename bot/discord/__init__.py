"""The Discord layer: slash commands, persistent components and replies around the Service.

This is the only package that imports ``discord``; it knows no game by name.
"""
