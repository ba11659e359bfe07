"""What a file *is*, in words: a role vocabulary for well-known kinds of repository files.

Docs, CI and config files are asked for by their role ("windows CI config", "sphinx docs config",
"the package manifest"), and their names rarely say it: `appveyor.yml` never contains "windows
CI", `book.toml` never says "docs". Each rule here names one well-known file kind by its path
(name, folder) and, where a name is shared by unrelated kinds (`conf.py`, `config.yml`), by a
marker in its text; it gives the words a developer uses for that kind. The words go into the
`role` text field (lab/pathfinder/index.py TEXT_FIELDS), so they are matched, weighted and
scanned for contamination like any other indexed text.

The table is about file kinds common across repositories and ecosystems, not about any one
repository: add a kind when a tool or service fixes its file name, never for one project's files.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass

CI = "ci continuous integration build pipeline config"
LINT = "lint linter style format formatting check config"
MANIFEST = "package manifest metadata dependencies build config"
#: Extensions of prose documents: `history.py` is code, `HISTORY.rst` is a changelog.
DOC_EXTS = ("", ".md", ".rst", ".txt", ".adoc", ".markdown")


def _docs(*stems: str) -> str:
    """Patterns for repository documents: each stem with no extension or a prose one."""
    return " ".join(f"{s}{e}" for s in stems for e in DOC_EXTS)


@dataclass(frozen=True)
class RoleRule:
    patterns: tuple[str, ...]     # fnmatch patterns over the lowercased path or file name
    words: str
    marker: re.Pattern | None = None  # when set, the file's text must match it too
    name_re: re.Pattern | None = None  # the patterns without '/', compiled (they match the name)
    path_re: re.Pattern | None = None  # the patterns with '/', compiled (they match the path)


def _compiled(patterns: list[str]) -> re.Pattern | None:
    return re.compile("|".join(fnmatch.translate(p) for p in patterns)) if patterns else None


def _r(patterns: str, words: str, marker: str | None = None) -> RoleRule:
    pats = tuple(patterns.split())
    return RoleRule(pats, words, re.compile(marker, re.I | re.M) if marker else None,
                    _compiled([p for p in pats if "/" not in p]), _compiled([p for p in pats if "/" in p]))


#: Well-known file kinds. Patterns without a '/' match the file name, others the whole path
#: (`*/` in front matches at any depth, the top level included).
ROLE_RULES: tuple[RoleRule, ...] = (
    # continuous integration services
    _r("*/.github/workflows/*.yml */.github/workflows/*.yaml", f"github actions workflow {CI}"),
    # what a CI workflow does, from the steps it runs
    _r("*/.github/workflows/*.yml */.github/workflows/*.yaml .gitlab-ci.yml .travis.yml",
       "publish publishes release releases deploy upload package registry",
       r"pypi-publish|twine upload|cargo publish|npm publish|gem push|docker push|action-gh-release"
       r"|gh release create|upload-release-asset|goreleaser"),
    _r("*/.github/workflows/*.yml */.github/workflows/*.yaml .gitlab-ci.yml .travis.yml",
       "runs tests test suite", r"\b(pytest|tox|nox|cargo test|npm test|go test|ctest|make test|mvn test)\b"),
    _r(".travis.yml", f"travis linux macos {CI}"),
    _r("appveyor.yml .appveyor.yml", f"appveyor windows {CI}"),
    _r("azure-pipelines.yml */.azure-pipelines/*.yml", f"azure pipelines windows {CI}"),
    _r(".gitlab-ci.yml", f"gitlab {CI}"),
    _r("*/.circleci/config.yml", f"circleci {CI}"),
    _r(".cirrus.yml", f"cirrus freebsd {CI}"),
    _r("jenkinsfile", f"jenkins {CI}"),
    _r("*/.buildkite/*.yml", f"buildkite {CI}"),
    _r("bors.toml", "bors merge queue ci config"),
    # coverage and bots
    _r("codecov.yml .codecov.yml", "codecov coverage upload report config"),
    _r(".coveragerc", "coverage measurement config"),
    _r("*/.github/dependabot.yml */.github/dependabot.yaml", "dependabot dependency update bot config"),
    _r("renovate.json renovate.json5 .renovaterc", "renovate dependency update bot config"),
    _r("*/.github/codeowners codeowners", "code owners review assignment"),
    _r("*/.github/funding.yml", "funding sponsor donations"),
    _r("*/.github/issue_template/* issue_template.md", "issue template bug report form"),
    _r("*/.github/pull_request_template.md pull_request_template.md", "pull request template"),
    _r("*/.github/release.yml */.github/release-drafter.yml", "release notes config"),
    _r("*/.github/labeler.yml *labels.yml", "labels config"),
    # docs builders
    _r("book.toml", "mdbook book docs documentation build config"),
    _r("mkdocs.yml mkdocs.yaml", "mkdocs docs documentation site build config"),
    _r(".readthedocs.yml .readthedocs.yaml readthedocs.yml", "readthedocs docs documentation build hosting config"),
    _r("conf.py", "sphinx docs documentation build config", r"^\s*(extensions\s*=|html_theme|import sphinx|from sphinx)"),
    _r("summary.md", "book table of contents chapters docs", r"^\s*[-*]\s*\[.*\]\(.*\)"),
    _r("contents.rst toc.rst", "table of contents docs", r"toctree"),
    _r("index.rst", "docs documentation index start page toctree", r"toctree"),
    _r("docusaurus.config.js", "docusaurus docs site config"),
    _r("doxyfile", "doxygen docs config"),
    # package manifests and build systems
    _r("cargo.toml", f"cargo rust crate features {MANIFEST}"),
    _r("pyproject.toml", f"python project {MANIFEST} tools"),
    _r("setup.py setup.cfg", f"python setup packaging {MANIFEST}"),
    _r("package.json", f"node npm scripts {MANIFEST}"),
    _r("go.mod", f"go module {MANIFEST}"),
    _r("gemfile *.gemspec", f"ruby gem {MANIFEST}"),
    _r("pom.xml build.gradle build.gradle.kts", f"java maven gradle {MANIFEST}"),
    _r("composer.json", f"php composer {MANIFEST}"),
    _r("requirements*.txt", "python requirements dependencies pinned"),
    _r("makefile gnumakefile", "make build targets tasks"),
    _r("dockerfile *.dockerfile", "docker container image build"),
    _r("tox.ini", "tox test environments automation config"),
    _r("noxfile.py", "nox test sessions automation config"),
    _r("justfile", "just tasks recipes"),
    _r("manifest.in", "python sdist package files manifest"),
    # lint, format and type checkers
    _r(".pre-commit-config.yaml .pre-commit-hooks.yaml", f"pre-commit git hooks {LINT}"),
    _r(".flake8 .pylintrc pylintrc ruff.toml .ruff.toml .isort.cfg .yamllint .yamllint.yml", LINT),
    _r("mypy.ini .mypy.ini pyrightconfig.json", "type checker mypy config"),
    _r("rustfmt.toml .rustfmt.toml clippy.toml .clippy.toml", f"rustfmt clippy {LINT}"),
    _r(".eslintrc .eslintrc.* .prettierrc .prettierrc.* .stylelintrc*", f"eslint prettier {LINT}"),
    _r(".editorconfig", "editor indentation whitespace style config"),
    _r("deny.toml", "cargo deny license advisories dependency check config"),
    # repository documents
    _r(_docs("contributing", "*/.github/contributing"), "contributing guide contributors development"),
    _r(_docs("changelog", "changes", "history", "news", "release-notes"),
       "changelog release notes history changes versions"),
    _r(_docs("license", "licence", "copying", "license-mit", "license-apache"), "license licensing terms copyright"),
    _r(_docs("releasing", "release", "*/docs/release", "*/doc/release"), "release process steps publishing"),
    _r(_docs("readme"), "readme overview introduction"),
    _r(_docs("code_of_conduct", "*/.github/code_of_conduct"), "code of conduct community"),
    _r(_docs("security", "*/.github/security"), "security policy vulnerability reporting"),
    _r(_docs("authors", "contributors"), "authors contributors list"),
    _r("citation.cff", "citation cite"),
    _r(".gitignore", "git ignore patterns"),
    _r(".gitattributes", "git attributes"),
    _r(".mailmap", "git mailmap authors"),
)


#: Every rule's patterns in one expression: most files match none, and are done in one match.
_ANY_NAME = _compiled([p for r in ROLE_RULES for p in r.patterns if "/" not in p])
_ANY_PATH = _compiled([p for r in ROLE_RULES for p in r.patterns if "/" in p])


def file_role(path: str, text: str | None) -> str:
    """The role words of every rule the file matches ("" when none)."""
    low = path.lower()
    name = low.rsplit("/", 1)[-1]
    anchored = "*/" + low   # so `*/.github/...` matches at the top level too
    if not (_ANY_NAME and _ANY_NAME.match(name)) and not (_ANY_PATH and _ANY_PATH.match(anchored)):
        return ""
    words: list[str] = []
    for rule in ROLE_RULES:
        if not ((rule.name_re and rule.name_re.match(name)) or (rule.path_re and rule.path_re.match(anchored))):
            continue
        if rule.marker is not None and not (text and rule.marker.search(text[:20000])):
            continue
        words.append(rule.words)
    return " ".join(words)
