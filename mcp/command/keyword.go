package command

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// KeyWord is a schema key as a message or hint names it: as it is, or
// Go-quoted when it is empty or holds what the terminal sanitizer would
// drop or replace. A server's key "\x1b[2Jx" would otherwise be drawn as
// x, and "x: unknown key (known keys: x)" said of the x a person typed;
// an empty key would be no word at all. A key that also holds " or \ is
// shown single-quoted with the same escapes inside ('a\x01\"b'): in
// double quotes the command line takes the backslash off \" and \\, and
// the key typed as shown named another. A key holding "=" or ending in ":"
// is quoted too, with those written \x3d and \x3a: typed as it is, a=b=1
// is key a, and k:=1 sets key k to raw JSON, so the field could not be
// answered at all.
func KeyWord(name string) string {
	if name == "" || sanitize.Line(name) != name || splitsAsTyped(name) {
		q := strconv.Quote(name)
		q = strings.ReplaceAll(q, "=", `\x3d`)
		if strings.HasSuffix(name, ":") {
			q = q[:len(q)-2] + `\x3a"`
		}
		if strings.ContainsAny(name, `"\`) {
			return ShellQuote(q[1 : len(q)-1])
		}
		return q
	}
	return name
}

// keysAsShown reads back a key typed as KeyWord shows it: a schema key
// holding control characters is shown Go-quoted ("n\x1b[2Jame"), and
// typed so, "n\x1b[2Jame"=x, quoting leaves n\x1b[2Jame, which no key
// matched: the form's field could not be answered at all, and the
// warning named as known the very key typed. order and occs are renamed
// in place; a key the schema has as typed, or typed both ways, stays.
func keysAsShown(order []string, occs map[string][]argOcc, schema *Schema) {
	for i, key := range order {
		if schema.Property(key) != nil {
			continue
		}
		name, ok := keyAsShown(key)
		if _, both := occs[name]; !ok || both || schema.Property(name) == nil {
			continue
		}
		order[i] = name
		occs[name] = occs[key]
		delete(occs, key)
	}
}

// PropertyTyped is the property a key typed on a command line names: the
// key as it is, or read back as KeyWord shows it (see keysAsShown). What
// the hints under a line look a typed key up with.
func (s *Schema) PropertyTyped(key string) *Property {
	if p := s.Property(key); p != nil {
		return p
	}
	if name, ok := keyAsShown(key); ok {
		return s.Property(name)
	}
	return nil
}

// keyAsShown is the key a word typed as KeyWord shows a key holding
// control characters stands for, once quoting has taken its quotes off.
func keyAsShown(key string) (string, bool) {
	if !strings.Contains(key, `\`) {
		return "", false
	}
	name, err := strconv.Unquote(`"` + key + `"`)
	if err != nil || KeyWord(name) == name {
		return "", false
	}
	return name, true
}

// splitsAsTyped reports whether a key typed as it is would be split
// elsewhere by key=value: it holds "=", or ends in ":" (read as key:=).
func splitsAsTyped(name string) bool {
	return strings.Contains(name, "=") || strings.HasSuffix(name, ":")
}

// KeyTyped is a schema key as a command line takes it: shell-quoted, or,
// when it holds control characters, which an input line cannot hold, or
// would split elsewhere (splitsAsTyped), as KeyWord shows it, which
// keysAsShown reads back. What Tab inserts for a key. (A bidi override the
// line can hold goes in as it is.)
func KeyTyped(name string) string {
	if strings.ContainsFunc(name, unicode.IsControl) || splitsAsTyped(name) {
		return KeyWord(name)
	}
	return ShellQuote(name)
}
