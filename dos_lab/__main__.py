"""``python -m dos_lab`` does what ``dos-lab`` does: serve the course site (see ``--help``)."""

from dos_lab.app.launch import main

if __name__ == "__main__":
    main()
