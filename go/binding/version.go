package binding

import "runtime/debug"

// ModuleVersion is the version of a module this binary was built with, read from the binary itself so
// that a record names what ran: "unknown" when the build did not record it.
func ModuleVersion(path string) string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, d := range info.Deps {
		if d.Path == path {
			if d.Replace != nil && d.Replace.Version != "" {
				return d.Replace.Version
			}
			return d.Version
		}
	}
	return "unknown"
}
