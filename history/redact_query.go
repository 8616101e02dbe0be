package history

import (
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/urlpass"
)

// queryTokens are the secrets of a credential in a URL's query, each with
// what replaces it: its name=value as the URL spells it, whatever its
// length (the name kept, so a reader sees which parameter was there), and
// its value alone where a server echoes it, when it is long enough to
// replace everywhere (minToken).
func queryTokens(p urlpass.Param) [][2]string {
	out := p.Spellings(Redacted)
	for _, v := range []string{p.Value, p.Raw} {
		if len(v) >= minToken {
			out = append(out, [2]string{v, Redacted})
		}
	}
	return out
}

// learnQuery keeps the credentials in the query of a request's URL
// (urlpass.QueryParams: "?token=", "?api_key=") as a proxied client's
// Authorization is kept: a client given a URL with its key in it sends the
// key in every request, a refreshed one too, and the recording of the
// proxy's client leg and of its upstream leg would hold it otherwise.
func (r *redactor) learnQuery(rawURL string) {
	for _, p := range urlpass.QueryParams(rawURL) {
		for _, sp := range queryTokens(p) {
			r.learnToken(sp[0], sp[1], learntCredential)
		}
	}
}

// learnQuoted is learnQuery of every URL or request URI in own, a
// record's own text (ownText): its HTTP exchange's URL, and the URI a
// refusal quotes ("the client's POST /mcp?api_key=K was refused with
// 400"), which is recorded with no exchange of the request to learn the
// key from.
func (r *redactor) learnQuoted(own []string) {
	for _, s := range own {
		if !strings.Contains(s, "?") {
			continue
		}
		for _, f := range strings.Fields(s) {
			if u, ok := quotedURI(f); ok {
				r.learnQuery(u)
			}
		}
	}
}

// quotedURI is the URL or URI with a query that the word f of a message
// is, without what follows it in the sentence: a closing quote or
// bracket, a comma or full stop, or the mark of a cut (clip.Quote).
func quotedURI(f string) (string, bool) {
	q := strings.IndexByte(f, '?')
	if q < 0 {
		return "", false
	}
	if end := strings.IndexAny(f[q:], `"'<>()[]{},;`); end >= 0 {
		f = f[:q+end]
	}
	f, _, _ = strings.Cut(f, clip.Ellipsis)
	return strings.TrimRight(f, ".:"), true
}
