"""Build step: the wheel carries the repository's top-level rulebook/ and scenarios/ inside the
package, as floorman/bundled/rulebook and floorman/bundled/scenarios (floorman/resources.py finds
them). An editable install gets no copy: it reads the checkout's folders in place."""

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

BUNDLED = ("rulebook", "scenarios")


class BundleHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        if version == "standard":
            for name in BUNDLED:
                build_data["force_include"][name] = f"floorman/bundled/{name}"
