package command

import (
	"fmt"
	"strings"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// ShellPath quotes path for a shell to read back as that path, for the
// commands mcpscope prints for the user to paste (replay, export). A path
// the sanitizer would change (bytes that are not UTF-8, a control
// character) is written in $'...' with those bytes as \xNN escapes: quoted
// as shown, its U+FFFD named a file that does not exist, and raw, its bytes
// could act on the terminal. Any other path is ShellQuote's. A path that
// starts with "-" is written ./-x: pasted back bare or quoted alike, the
// command would read it as a flag.
func ShellPath(path string) string {
	if strings.HasPrefix(path, "-") {
		path = "./" + path
	}
	return ShellValue(path)
}

// ShellValue is ShellPath's quoting for a value pasted after key= (exec's
// cursor= and taskId= hints, whose words the server chose): there a
// leading "-" is no flag, and ./ would change the value.
func ShellValue(value string) string {
	if sanitize.Line(value) == value {
		return ShellQuote(value)
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(value); i++ {
		switch c := value[i]; {
		case c == '\\' || c == '\'':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\x%02x", c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}
