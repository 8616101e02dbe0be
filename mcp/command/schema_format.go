package command

import (
	"net/mail"
	"net/url"
	"strings"
	"time"
)

// formatBroken says what x should be, in words, when it breaks format; ""
// when it keeps it or the format is not one mcpscope checks. The formats
// checked are those an elicitation form's string fields may name (email,
// uri, date, date-time): a client shows a form with them, and a server may
// refuse what it validates. Others (hostname, uuid, ...) are only shown.
func formatBroken(format, x string) string {
	switch format {
	case "email":
		// An address alone, not "Ann <ann@example.com>".
		if a, err := mail.ParseAddress(x); err != nil || a.Address != x {
			return "an email address"
		}
	case "uri":
		if u, err := url.Parse(x); err != nil || u.Scheme == "" || strings.ContainsAny(x, " \t\n") {
			return "an absolute URI"
		}
	case "date":
		if _, err := time.Parse(time.DateOnly, x); err != nil {
			return "a date, YYYY-MM-DD"
		}
	case "date-time":
		if _, err := time.Parse(time.RFC3339, x); err != nil {
			return "a date and time, RFC 3339 (2006-01-02T15:04:05Z)"
		}
	}
	return ""
}
