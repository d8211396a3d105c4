"""The Voila demo: ``demo.ipynb`` (shipped as package data) and the ``dos-lab`` command (:mod:`.launch`)."""
