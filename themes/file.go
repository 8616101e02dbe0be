package themes

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/mcpscope/mcpscope/internal/regular"
	"gopkg.in/yaml.v3"
)

// FileError is a problem at one line of a user theme file. Its message reads
// "path:line: what is wrong", the form editors and terminals can jump to.
type FileError struct {
	Path string
	Line int // 0 when the problem is not tied to a line
	Msg  string
}

// Error names the file and line, as an editor jumps to them.
func (e *FileError) Error() string {
	if e.Line == 0 {
		return e.Path + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
}

const (
	keyBase        = "base"
	keyDescription = "description"
	colourForms    = "use #rrggbb, #rgb, an ANSI number 0-255, or none"
)

// readRegular reads path only if it is a regular file (see
// internal/regular: a FIFO would hang the read).
func readRegular(path string) ([]byte, error) {
	f, err := regular.Open(path)
	var nr *regular.NotRegularError
	if errors.As(err, &nr) {
		return nil, &FileError{Path: path, Msg: "is " + nr.Kind + ", not a regular file; a theme must be a plain " + fileExt + " file"}
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// A theme is a few dozen lines: a file far larger (a log written
	// over it) was read whole, and the YAML parser took several times
	// its size in memory before saying it was no theme.
	data, err := io.ReadAll(io.LimitReader(f, maxThemeBytes+1))
	if err == nil && len(data) > maxThemeBytes {
		return nil, &FileError{Path: path, Msg: fmt.Sprintf("is over %d KiB, too large for a theme (a theme is a few dozen lines)", maxThemeBytes>>10)}
	}
	return data, err
}

// maxThemeBytes bounds a theme file: every role with a comment fits in a
// hundredth of it.
const maxThemeBytes = 256 << 10

func knownKeys() string {
	return strings.Join(append(roleKeys(), keyBase, keyDescription), ", ")
}

// ParseFile reads a user theme: a YAML mapping with an optional `base` (a
// built-in name, "default" when absent), an optional `description`, and role
// keys whose values are colours that replace the base's. The theme is named
// after the file, without ".yaml". Every problem in the file is reported, each
// as a *FileError, joined into one error. A missing file yields an error
// satisfying errors.Is(err, fs.ErrNotExist).
func ParseFile(path string) (Theme, error) {
	data, err := readRegular(path)
	var fe *FileError
	if errors.As(err, &fe) {
		return Theme{}, err
	}
	if err != nil {
		return Theme{}, fmt.Errorf("read theme: %w", err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return Theme{}, syntaxError(path, err)
	}
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	p := themeFile{path: path, seen: map[string]int{}}
	base, desc, overrides := p.read(&doc)
	if len(p.errs) > 0 {
		return Theme{}, errors.Join(p.errs...)
	}
	t, _ := builtin(base)
	for _, o := range overrides {
		*o.role.field(&t.Palette) = o.colour
	}
	t.Name = name
	t.Source = path
	t.Description = desc
	if desc == "" {
		t.Description = "your colours over " + base
	}
	return t, nil
}

// syntaxError turns yaml.v3's "yaml: line N: msg" into a FileError at line
// N. It is plain string work rather than a package-level regexp, which would
// be compiled at start-up by every command, themes or not.
func syntaxError(path string, err error) error {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "yaml: line "); ok {
		num, text, found := strings.Cut(rest, ": ")
		if line, err := strconv.Atoi(num); found && err == nil {
			return &FileError{Path: path, Line: line, Msg: "not valid YAML: " + text}
		}
	}
	return &FileError{Path: path, Msg: "not valid YAML: " + strings.TrimPrefix(msg, "yaml: ")}
}

type override struct {
	role   role
	colour lipgloss.TerminalColor
}

// themeFile collects the problems of one file, so a user fixing a theme sees
// all of them in one run instead of one per attempt.
type themeFile struct {
	path string
	errs []error
	seen map[string]int // key -> line it was first set on
}

func (f *themeFile) errorf(line int, format string, args ...any) {
	f.errs = append(f.errs, &FileError{Path: f.path, Line: line, Msg: fmt.Sprintf(format, args...)})
}

func (f *themeFile) read(doc *yaml.Node) (base, desc string, overrides []override) {
	base = "default"
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return base, "", nil // an empty file is the base theme unchanged
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		f.errorf(top.Line, `expected "key: value" lines such as primary: "#cba6f7"`)
		return base, "", nil
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		if first, dup := f.seen[k.Value]; dup {
			f.errorf(k.Line, "%q is set twice (first on line %d)", k.Value, first)
			continue
		}
		f.seen[k.Value] = k.Line
		switch k.Value {
		case keyBase:
			if _, ok := builtin(v.Value); v.Kind != yaml.ScalarNode || !ok {
				f.errorf(v.Line, "unknown base %q: base must name a built-in theme (%s)", v.Value, strings.Join(builtinNames(), ", "))
				continue
			}
			base = v.Value
		case keyDescription:
			if v.Kind != yaml.ScalarNode {
				f.errorf(v.Line, "description must be text")
				continue
			}
			desc = v.Value
		default:
			r, ok := roleByKey(k.Value)
			if !ok {
				f.errorf(k.Line, "unknown key %q (known: %s)", k.Value, knownKeys())
				continue
			}
			if c, ok := f.colour(r.key, k, v); ok {
				overrides = append(overrides, override{role: r, colour: c})
			}
		}
	}
	return base, desc, overrides
}

func roleByKey(key string) (role, bool) {
	for _, r := range roles {
		if r.key == key {
			return r, true
		}
	}
	return role{}, false
}

// colour reads a role's value: one colour, or a {light, dark} pair that
// follows the terminal like the default theme does.
func (f *themeFile) colour(key string, k, v *yaml.Node) (lipgloss.TerminalColor, bool) {
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!null" {
			// An unquoted #rrggbb starts a YAML comment and leaves no value,
			// which is by far the likeliest way to get here.
			f.errorf(k.Line, `no colour for %q: put hex colours in quotes (%s: "#ff0000"), since YAML reads an unquoted # as a comment`, key, key)
			return nil, false
		}
		s, ok := parseColour(v.Value)
		if !ok {
			f.errorf(v.Line, "bad colour %q for %q: %s", v.Value, key, colourForms)
			return nil, false
		}
		if s == "" {
			return lipgloss.NoColor{}, true
		}
		return lipgloss.Color(s), true
	case yaml.MappingNode:
		return f.adaptiveColour(key, v)
	}
	f.errorf(v.Line, "bad colour for %q: %s, or {light: ..., dark: ...}", key, colourForms)
	return nil, false
}

func (f *themeFile) adaptiveColour(key string, v *yaml.Node) (lipgloss.TerminalColor, bool) {
	var ac lipgloss.AdaptiveColor
	set := map[string]bool{}
	ok := true
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, c := v.Content[i], v.Content[i+1]
		var dst *string
		switch k.Value {
		case "light":
			dst = &ac.Light
		case "dark":
			dst = &ac.Dark
		default:
			f.errorf(k.Line, "unknown key %q in %q (known: light, dark)", k.Value, key)
			ok = false
			continue
		}
		s, good := parseColour(c.Value)
		if c.Kind != yaml.ScalarNode || c.Tag == "!!null" || !good {
			f.errorf(c.Line, "bad colour %q for %q %s: %s (quote hex colours)", c.Value, key, k.Value, colourForms)
			ok = false
			continue
		}
		*dst = s
		set[k.Value] = true
	}
	if ok && (!set["light"] || !set["dark"]) {
		f.errorf(v.Line, "%q needs both light and dark colours", key)
		ok = false
	}
	return ac, ok
}

// isHexColour reports whether s is #rgb or #rrggbb.
func isHexColour(s string) bool {
	if len(s) != 4 && len(s) != 7 || s[0] != '#' {
		return false
	}
	// Base 16 takes hex digits only: no sign, no 0x, no underscores.
	_, err := strconv.ParseUint(s[1:], 16, 32)
	return err == nil
}

// parseColour accepts the colour forms a user may write and returns the one
// lipgloss understands: lower-case #rrggbb, a decimal ANSI index, or "" for
// none.
func parseColour(s string) (string, bool) {
	s = strings.TrimSpace(s)
	switch {
	case strings.EqualFold(s, "none"):
		return "", true
	case isHexColour(s):
		s = strings.ToLower(s)
		if len(s) == 4 {
			s = string([]byte{'#', s[1], s[1], s[2], s[2], s[3], s[3]})
		}
		return s, true
	}
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return "", false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > 255 {
		return "", false
	}
	return strconv.Itoa(n), true
}
