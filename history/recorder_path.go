package history

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// NewPath names a new recording in dir by its start time and the server's
// host, e.g. 2026-11-20T21-57-41_localhost-8811.jsonl, adding -2, -3 ... when
// that file exists.
func NewPath(dir string, start time.Time, host string) string {
	base := start.Format("2006-01-02T15-04-05") + "_" + safeName(host)
	p := filepath.Join(dir, base+".jsonl")
	for i := 2; ; i++ {
		if _, err := os.Lstat(p); err != nil {
			return p
		}
		p = filepath.Join(dir, fmt.Sprintf("%s-%d.jsonl", base, i))
	}
}

// safeName keeps letters, digits, dots and underscores and turns every run
// of anything else into one dash, so a host is a file name everywhere.
func safeName(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range s {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_'
		if ok {
			b.WriteRune(c)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	name := strings.Trim(b.String(), "-.")
	if name == "" {
		return "session"
	}
	return name
}
