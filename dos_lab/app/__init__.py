"""The site ``dos-lab`` serves: the home page (:mod:`.page`, ``home.ipynb``), the course it links
(:mod:`.course`: tutorials, lessons, the rules reference), Voilà configured for a class (``voila.json``,
:mod:`.server`), the command (:mod:`.launch`) and hosting on a Jupyter server (:mod:`.hosting`)."""
