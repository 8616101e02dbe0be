package history

import (
	"net/url"
	"regexp"
	"strings"
)

// urlEncodings are the spellings of secret percent-encoded, as a server
// echoes it inside a URL it builds (a redirect's query, a link) or a form
// body: url.QueryEscape's ("+" for a space, as form encoding has it),
// encodeURIComponent's ("%20" for a space), url.PathEscape's, and each
// with its hex digits in lower case, which other encoders write. A base64
// token's "+", "/" and "=" are encoded by all of them. Only those that
// differ from secret are given; newToken drops the repeats.
func urlEncodings(secret string) []string {
	q := url.QueryEscape(secret)
	var out []string
	for _, e := range []string{q, strings.ReplaceAll(q, "+", "%20"), url.PathEscape(secret)} {
		if e != secret {
			out = append(out, e, lowerHex(e))
		}
	}
	return out
}

// percentEscape is one "%XX" of a percent-encoded string.
var percentEscape = regexp.MustCompile(`%[0-9A-F]{2}`)

// lowerHex is e, percent-encoded, with the hex digits of its escapes in
// lower case ("%2f"); the rest of it as it was.
func lowerHex(e string) string {
	return percentEscape.ReplaceAllStringFunc(e, strings.ToLower)
}
