"""Package discovery for setuptools; all metadata is in pyproject.toml.

The top-level ``resources/`` folder ships inside the wheel as the data package
``cp_trainer._resources``, so an installed cp-trainer finds its card art, translations and
tables from any working directory (see ``cp_trainer/resources.py``). ``cp_trainer/py.typed``
ships too (PEP 561: type checkers read the package's own annotations).
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["cp_trainer", "cp_trainer.*"]), "cp_trainer._resources"],
    package_dir={"cp_trainer._resources": "resources"},
    package_data={"cp_trainer": ["py.typed"], "cp_trainer._resources": ["**/*"]},
    include_package_data=False,
)
