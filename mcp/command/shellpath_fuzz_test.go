package command

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// FuzzShellPath: a path put into a command mcpscope prints for the user to
// paste (replay, export) reads back in a POSIX shell with $'...' (bash,
// zsh, ksh) as exactly that path, whatever bytes it holds, and the printed
// word holds nothing the sanitizer would change: it shows as the user will
// paste it, and no byte of it acts on the terminal.
func FuzzShellPath(f *testing.F) {
	for _, s := range []string{
		"/tmp/a.jsonl", "it's here", "a\nb", "\x1b[31mred", "caf\xc3\xa9", "\xff\xfe", `back\slash`, "$HOME", "-rf", "~/x", "a'b\\'c", "\u202eevil", "\x7f", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		if strings.IndexByte(path, 0) >= 0 {
			return // no path holds NUL
		}
		q := ShellPath(path)
		if sanitize.Line(q) != q {
			t.Fatalf("ShellPath(%q) = %q, which the sanitizer would change to %q", path, q, sanitize.Line(q))
		}
		got, err := shellWord(q)
		if err != nil {
			t.Fatalf("ShellPath(%q) = %s, which a shell cannot read: %v", path, q, err)
		}
		if strings.HasPrefix(path, "-") {
			// The same file, where the bare -x read as a flag.
			path = "./" + path
		}
		if got != path {
			t.Fatalf("ShellPath(%q) = %s, which a shell reads as %q", path, q, got)
		}
	})
}

// shellWord is what a POSIX shell with $'...' makes of one word: bare
// characters that are no shell syntax, a character after \, '...' taken
// as it is, and $'...' with \\, \' and \xHH (one or two hex digits);
// bash's other escapes are refused, so a quoting that leans on them shows.
func shellWord(w string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(w); {
		switch c := w[i]; {
		case c == '\'':
			end := strings.IndexByte(w[i+1:], '\'')
			if end < 0 {
				return "", strconv.ErrSyntax
			}
			b.WriteString(w[i+1 : i+1+end])
			i += end + 2
		case strings.HasPrefix(w[i:], "$'"):
			i += 2
			for {
				if i >= len(w) {
					return "", strconv.ErrSyntax
				}
				c := w[i]
				if c == '\'' {
					i++
					break
				}
				if c != '\\' {
					b.WriteByte(c)
					i++
					continue
				}
				if i+1 >= len(w) {
					return "", strconv.ErrSyntax
				}
				switch e := w[i+1]; e {
				case '\\', '\'':
					b.WriteByte(e)
					i += 2
				case 'x':
					j := i + 2
					for j < len(w) && j < i+4 && strings.IndexByte("0123456789abcdefABCDEF", w[j]) >= 0 {
						j++
					}
					n, err := strconv.ParseUint(w[i+2:j], 16, 8)
					if err != nil {
						return "", err
					}
					b.WriteByte(byte(n))
					i = j
				default:
					return "", strconv.ErrSyntax
				}
			}
		case c == '\\' && i+1 < len(w) && w[i+1] != '\n':
			b.WriteByte(w[i+1])
			i += 2
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_./:=@%+,", c) >= 0:
			b.WriteByte(c)
			i++
		default:
			return "", strconv.ErrSyntax
		}
	}
	if b.Len() == 0 && !strings.Contains(w, "''") {
		return "", strconv.ErrSyntax // an empty word vanishes unless quoted
	}
	return b.String(), nil
}
