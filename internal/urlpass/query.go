package urlpass

import (
	"net/url"
	"sort"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// secretParams name the query parameters whose value is a credential, as
// services that cannot take a header put one in a URL ("?token=",
// "?api_key=", a signed URL's "?sig="). A name matches in any case, and
// with '-' read as '_'; a name ending in "_" and one of suffixParams
// matches too (X-Amz-Signature, X-Amz-Security-Token, x-goog-api-key).
var secretParams = []string{
	"token", "access_token", "api_key", "apikey", "key", "auth", "password",
	"secret", "sig", "signature", "client_secret",
}

// suffixParams end the names of credential parameters that carry a
// vendor's prefix.
var suffixParams = []string{"token", "signature", "secret", "password", "api_key", "apikey"}

// SecretParam reports whether a query parameter named name holds a
// credential.
func SecretParam(name string) bool {
	n := strings.ReplaceAll(strings.ToLower(name), "-", "_")
	for _, p := range secretParams {
		if n == p {
			return true
		}
	}
	for _, p := range suffixParams {
		if strings.HasSuffix(n, "_"+p) {
			return true
		}
	}
	return false
}

// Param is a credential in a URL's query: its name and value as the URL
// spells them (Raw, percent-escapes kept) and the value they decode to.
type Param struct{ Name, Raw, Value string }

// QueryParams are the credentials in the query of rawURL, the URL the user
// typed: each parameter whose name SecretParam accepts and whose value is
// not empty. It reads the text alone, so a URL that does not parse has its
// credentials found too.
func QueryParams(rawURL string) []Param {
	q := strings.IndexByte(rawURL, '?')
	if q < 0 {
		return nil
	}
	query, _, _ := strings.Cut(rawURL[q+1:], "#")
	var out []Param
	for _, kv := range strings.Split(query, "&") {
		name, raw, ok := strings.Cut(kv, "=")
		if !ok || raw == "" {
			continue
		}
		n, err := url.QueryUnescape(name)
		if err != nil {
			n = name
		}
		if !SecretParam(n) {
			continue
		}
		v, err := url.QueryUnescape(raw)
		if err != nil {
			v = raw
		}
		out = append(out, Param{Name: name, Raw: raw, Value: v})
	}
	return out
}

// Spellings are the ways p stands in a URL's query, each with what
// replaces it: its name kept, its value with.
func (p Param) Spellings(with string) [][2]string {
	var out [][2]string
	for _, sep := range []string{"?", "&"} {
		out = append(out, [2]string{sep + p.Name + "=" + p.Raw, sep + p.Name + "=" + with})
	}
	return out
}

// MaskQuery replaces the value of each of params wherever a URL in s
// carries it (?name=value or &name=value) with with, keeping the name:
// only the user's own parameters with the user's own values, so a server's
// (a legacy endpoint's sessionId, another token it chose) stays as it is.
// A caller that masks many strings builds a QueryMasker once instead.
func MaskQuery(s string, params []Param, with string) string {
	return NewQueryMasker(params, with).Replace(s)
}

// QueryMasker is MaskQuery for one URL's params and one mask, built once:
// the replacer behind it is the costly part, and stderr masks every line.
type QueryMasker struct {
	r *strings.Replacer
	// heads are the spellings with their name's length ("?token="), for
	// the start of one a cut left before its mark; with is the mask.
	heads []spelling
	with  string
}

// spelling is how a param stands in a URL's query ("?token=T") and how
// long its name part ("?token=") is.
type spelling struct {
	text string
	name int
}

// NewQueryMasker is the masker of params' values, each replaced by with.
//
// It is one pass, longest spelling first, so a value that begins another
// ("?token=ab&token=abc") does not mask the other's head alone and leave
// its tail ("[redacted]c"), and a mask is never masked again.
func NewQueryMasker(params []Param, with string) QueryMasker {
	var spellings [][2]string
	for _, p := range params {
		spellings = append(spellings, p.Spellings(with)...)
	}
	if len(spellings) == 0 {
		return QueryMasker{}
	}
	sort.SliceStable(spellings, func(i, j int) bool { return len(spellings[i][0]) > len(spellings[j][0]) })
	pairs := make([]string, 0, 2*len(spellings))
	heads := make([]spelling, 0, len(spellings))
	for _, sp := range spellings {
		pairs = append(pairs, sp[0], sp[1])
		heads = append(heads, spelling{sp[0], strings.IndexByte(sp[0], '=') + 1})
	}
	return QueryMasker{strings.NewReplacer(pairs...), heads, with}
}

// Empty reports whether the masker masks nothing (no params).
func (q QueryMasker) Empty() bool { return q.r == nil }

// Replace is s with the params' values masked: whole, and where a cut of
// s kept a spelling's start before its mark (clip.Ellipsis: an error
// quoting a server's page that echoed the URL, cut mid-value), the part of
// the value it kept.
func (q QueryMasker) Replace(s string) string {
	if q.r == nil {
		return s
	}
	return clip.Pieces(q.r.Replace(s), q.with, q.cutValue, nil)
}

// cutValue is where in s the value of a spelling whose start ends at end
// begins (its name part kept before it), or end when none does.
func (q QueryMasker) cutValue(s string, end int) int {
	for _, h := range q.heads {
		for i := max(0, end-len(h.text)+1); i+h.name < end; i++ {
			if strings.HasPrefix(h.text, s[i:end]) {
				return i + h.name
			}
		}
	}
	return end
}

// secretHeaders carry credentials; their values never reach a recording
// unless the user asked for secrets.
var secretHeaders = []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"}

// SecretHeader reports whether a header named name holds a credential: one
// of secretHeaders, or one named as a credential query parameter is
// (X-Api-Key, X-Auth-Token, X-Goog-Api-Key), a proxied client's own, which
// the user never gave with -H.
func SecretHeader(name string) bool {
	for _, s := range secretHeaders {
		if strings.EqualFold(name, s) {
			return true
		}
	}
	return SecretParam(name)
}
