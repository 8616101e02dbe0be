package history

import (
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/urlpass"
)

// keptHeader reports a header the user may give with -H that is no
// credential: one the protocol defines and mcpscope sends itself, given to
// debug the wire (another Accept, a pinned MCP-Protocol-Version), whose
// value a recording must show.
func keptHeader(name string) bool {
	if len(name) > 4 && strings.EqualFold(name[:4], "Mcp-") {
		return true
	}
	for _, n := range []string{"Accept", "Content-Type", "Host", "Origin", "User-Agent", "Last-Event-ID"} {
		if strings.EqualFold(name, n) {
			return true
		}
	}
	return false
}

// maxLearned bounds the credentials of each kind (learntFrom) learnt from
// requests: each costs a search of every later line, and a client sending
// a new token with every request must not make recording slower without
// end. The newest are kept.
const maxLearned = 32

// credentialHeaders carry a credential of the client's own, as "Scheme
// credential" or bare.
var credentialHeaders = []string{"Authorization", "Proxy-Authorization"}

// isCredentialHeader reports whether name is one of credentialHeaders.
func isCredentialHeader(name string) bool {
	return slices.ContainsFunc(credentialHeaders, func(n string) bool { return strings.EqualFold(n, name) })
}

// Credential is the secret part of an Authorization value: T of "Bearer T"
// or "Basic T" (the scheme is no secret), or the whole value when it has no
// scheme; "" for an empty one.
func Credential(value string) string {
	v := strings.TrimSpace(value)
	if _, cred, ok := strings.Cut(v, " "); ok && strings.TrimSpace(cred) != "" {
		return strings.TrimSpace(cred)
	}
	return v
}

// headerSecrets are the parts of a value of the header name that are
// replaced wherever they appear: the credential of an Authorization (its
// scheme is no secret), the value of each cookie of a Cookie, and the
// value of another credential header, with its credential part as well
// when it has a scheme ("X-Auth: Token T" echoed as T alone).
func headerSecrets(name, value string) []string {
	switch {
	case isCredentialHeader(name):
		return []string{Credential(value)}
	case strings.EqualFold(name, "Cookie"):
		var out []string
		for _, c := range strings.Split(value, ";") {
			_, v, _ := strings.Cut(c, "=")
			out = append(out, strings.Trim(strings.TrimSpace(v), `"`))
		}
		return out
	}
	v := strings.TrimSpace(value)
	if cred := Credential(v); cred != v {
		return []string{v, cred}
	}
	return []string{v}
}

// learn keeps the credentials of a request's headers, so that a server
// echoing one in a later body does not put it in the recording. cut names
// the headers the record holds the start of only (mcp.KeepRequestHeaders),
// each with the bytes it held: a credential its last value ends with is
// learnt as its start, replaced with what follows it (token.tail).
func (r *redactor) learn(h map[string][]string, cut map[string]int) {
	for k, vs := range h {
		if !r.secretHeader(k) || strings.EqualFold(k, "Set-Cookie") {
			continue
		}
		from := learntCredential
		if strings.EqualFold(k, "Cookie") {
			from = learntCookie
		}
		missing := cut[k]
		for _, v := range vs {
			missing -= len(v)
		}
		for i, v := range vs {
			for _, secret := range headerSecrets(k, v) {
				if len(secret) < minToken {
					continue
				}
				r.learnToken(secret, Redacted, from)
				if missing > 0 && i == len(vs)-1 && strings.HasSuffix(v, secret) {
					t := &r.tokens[r.index(secret)]
					// Only an Authorization's after its scheme is token68
					// by rule: a cookie's rest may hold a colon
					// ("data:stamp:sig"), and so may a value with no
					// scheme ("key:secret"), which the grammar does not
					// make a token68; stopping there kept the secret after
					// the colon in the clear.
					t.token68 = isToken68(secret) && isCredentialHeader(k) && secret != strings.TrimSpace(v) && (t.tail == 0 || t.token68)
					t.tail = max(t.tail, missing)
				}
			}
		}
	}
}

// learnToken keeps secret, replaced by with, as a token learnt from a
// request (of kind from). One r has already is seen again: a learnt one
// becomes the newest of its kind, so a credential a client keeps sending
// is never the oldest, pushed out by the fresh signatures of its requests'
// queries and missing until it is sent again.
func (r *redactor) learnToken(secret, with string, from learntFrom) {
	if i := r.index(secret); i >= 0 {
		if r.tokens[i].from != userGiven {
			r.tokens[i].age = r.nextAge()
		}
		return
	}
	if r.learned[from] == maxLearned {
		// Drop the oldest learnt one of its kind; the user's own stay,
		// and a client's many cookies never push out its token.
		r.dropOldest(from)
		r.learned[from]--
	}
	t := newToken(secret, with)
	t.from = from
	r.add(t)
	r.learned[from]++
}

// secretHeader reports a header whose values are redacted: a credential
// header, or one of the user's -H headers.
func (r *redactor) secretHeader(name string) bool {
	return urlpass.SecretHeader(name) || slices.ContainsFunc(r.names, func(n string) bool { return strings.EqualFold(n, name) })
}

func (r *redactor) secretIn(h map[string][]string) bool {
	for k := range h {
		if r.secretHeader(k) {
			return true
		}
	}
	return false
}

func (r *redactor) redactHeaders(h map[string][]string) map[string][]string {
	if !r.secretIn(h) {
		return h
	}
	out := make(map[string][]string, len(h))
	for k, v := range h {
		if r.secretHeader(k) {
			red := make([]string, len(v))
			for i := range red {
				red[i] = Redacted
			}
			v = red
		}
		out[k] = v
	}
	return out
}
