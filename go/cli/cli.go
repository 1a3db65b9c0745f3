// Package cli parses the launchers' command lines as benchmark-base's CommandLine does: --name value,
// --name=value and --flag against a fixed list of options, -h or --help, and, for the client, the rest
// (JMH's options and case patterns) handed back as it came. Usage text is written from the same list.
package cli

import (
	"fmt"
	"strconv"
	"strings"
)

// UsageError is a bad command line, said in one line.
type UsageError struct{ msg string }

func (e UsageError) Error() string { return e.msg }

// Errorf is a usage error.
func Errorf(format string, a ...any) error { return UsageError{fmt.Sprintf(format, a...)} }

// Option is one --option.
type Option struct {
	Name, ValueName, Default, Help string
	// Repeatable options collect every value; the others may be given once.
	Repeatable bool
	// Flag options take no value.
	Flag bool
}

// Values are what a command line gave.
type Values struct {
	given map[string][]string
	Rest  []string
	Help  bool
}

// Parse reads args against options; anything else goes to Rest when passThrough, or is refused.
func Parse(args []string, options []Option, passThrough bool) (*Values, error) {
	byName := map[string]Option{}
	for _, o := range options {
		byName[o.Name] = o
	}
	v := &Values{given: map[string][]string{}}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "-h" || arg == "--help" {
			v.Help = true
			continue
		}
		if !strings.HasPrefix(arg, "--") {
			if !passThrough {
				return nil, Errorf("unexpected argument '%s'", arg)
			}
			v.Rest = append(v.Rest, arg)
			continue
		}
		name, value, hasValue := strings.Cut(arg[2:], "=")
		o, ok := byName[name]
		if !ok {
			return nil, Errorf("unknown option --%s", name)
		}
		if _, twice := v.given[name]; twice && !o.Repeatable {
			return nil, Errorf("--%s given twice", name)
		}
		if o.Flag {
			if hasValue {
				return nil, Errorf("--%s takes no value", name)
			}
			v.given[name] = append(v.given[name], "true")
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return nil, Errorf("--%s needs a value", name)
			}
			i++
			value = args[i]
		}
		if value == "" {
			return nil, Errorf("--%s: must not be empty", name)
		}
		v.given[name] = append(v.given[name], value)
	}
	return v, nil
}

// Has says whether the option was given.
func (v *Values) Has(name string) bool { _, ok := v.given[name]; return ok }

// Get is the option's value, or def.
func (v *Values) Get(name, def string) string {
	if vs, ok := v.given[name]; ok {
		return vs[len(vs)-1]
	}
	return def
}

// All is every value of a repeatable option.
func (v *Values) All(name string) []string { return v.given[name] }

// Int is the option's whole-number value within min..max, or def.
func (v *Values) Int(name string, def, min, max int) (int, error) {
	if !v.Has(name) {
		return def, nil
	}
	return Whole("--"+name, v.Get(name, ""), min, max)
}

// Whole reads a whole number within min..max, naming what it is for.
func Whole(what, s string, min, max int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, Errorf("%s: '%s' is not a whole number", what, s)
	}
	if n < min || n > max {
		return 0, Errorf("%s: %d is outside %d..%d", what, n, min, max)
	}
	return n, nil
}

// Usage is the help text.
func Usage(command, summary string, options []Option, restHelp string) string {
	var b strings.Builder
	b.WriteString("Usage: " + command + " [options]")
	if restHelp != "" {
		b.WriteString(" [JMH options] [CASE...]")
	}
	b.WriteString("\n" + summary + "\n\nOptions:\n")
	synopsis := func(o Option) string {
		if o.Flag {
			return "--" + o.Name
		}
		return "--" + o.Name + " " + o.ValueName
	}
	width := len("-h, --help")
	for _, o := range options {
		width = max(width, len(synopsis(o)))
	}
	for _, o := range options {
		help := o.Help
		if o.Default != "" {
			help += " (default: " + o.Default + ")"
		}
		b.WriteString(fmt.Sprintf("  %-*s  %s\n", width, synopsis(o), help))
	}
	b.WriteString(fmt.Sprintf("  %-*s  %s\n", width, "-h, --help", "print this help and exit"))
	if restHelp != "" {
		b.WriteString("\n" + restHelp + "\n")
	}
	return b.String()
}
