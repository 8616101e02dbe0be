package command

import (
	"strconv"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// KeyWord is a schema key as a message or hint names it: as it is, or
// Go-quoted when it is empty or holds what the terminal sanitizer would
// drop or replace. A server's key "\x1b[2Jx" would otherwise be drawn as
// x, and "x: unknown key (known keys: x)" said of the x a person typed;
// an empty key would be no word at all.
func KeyWord(name string) string {
	if name == "" || sanitize.Line(name) != name {
		return strconv.Quote(name)
	}
	return name
}
