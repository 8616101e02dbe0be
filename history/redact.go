package history

import (
	"encoding/base64"
	"net/url"
	"reflect"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/urlpass"
	"github.com/mcpscope/mcpscope/mcp"
)

// Secrets are kept out of a recording in three ways, from the most to the
// least certain:
//
//  1. By header: the values of Authorization, Proxy-Authorization, Cookie
//     and Set-Cookie, of a header named as a credential query parameter
//     is (X-Api-Key, X-Auth-Token: urlpass.SecretParam), and of every
//     header the user gave (-H) but the protocol's own (keptHeader).
//  2. By structure: the password of a URL is found by parsing, in every
//     string mcpscope wrote (URLs, error messages, state details), whatever
//     the password's length; server bytes (mcp.Raw values and SSE events)
//     are kept exactly.
//  3. By exact match, everywhere, server bytes included: the user URL's
//     "user:password@" and credential query parameters ("?token=T",
//     urlpass.QueryParams), the credentials the user gave (RecordOptions.Tokens),
//     the values of the user's -H headers, and those seen since in a
//     request's headers redacted by 1 (a proxied client's token, refreshed
//     mid-session, or its cookies' values; see headerSecrets), but only
//     those of minToken bytes or more. A shorter one ("a", "http") would
//     scrub ordinary text out of every message; 1 and 2 cover it where
//     mcpscope put it. Where a record was cut (a long header, body or
//     quote), the start of such a credential left at the cut is replaced
//     too (cutPieces): the cut is made before the recording sees it. A
//     credential learnt from a request's header the record cut (one longer
//     than mcp.HeaderLimit) is its start, replaced with the rest of it
//     wherever it is echoed (token.tail). A server's echo of a credential
//     in part (its end only, its ends around an ellipsis) is replaced too:
//     any run of minPiece bytes of it (redact_piece.go). Each spelling
//     is searched for: JSON-escaped and URL-encoded (newToken).

// minToken is the shortest credential replaced wherever it appears.
const minToken = 8

// redactedPassword stands for a password inside a URL: the brackets of
// Redacted escaped, so the URL still parses.
const redactedPassword = "%5Bredacted%5D"

// redactor applies RecordOptions to records. It is used by one goroutine
// at a time: it learns tokens as records pass.
type redactor struct {
	off     bool     // --record-secrets
	names   []string // the user's -H headers redacted by name, besides urlpass.SecretHeader's
	tokens  []token  // replaced by exact match, longest secret first (add)
	learned [2]int   // how many of tokens came from requests' headers, by learntFrom
	added   int      // ages given so far: the next one (nextAge)
	fixed   bool     // learns nothing: a legacy recording's (legacyRedactor)
	// clientQuery learns the credentials in each request's query
	// (RecordOptions.ClientQuery).
	clientQuery bool
}

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
					// Only an Authorization's is token68 by rule: a
					// cookie's rest may hold a colon ("data:stamp:sig"),
					// and stopping there kept the signature in the clear.
					t.token68 = isToken68(secret) && isCredentialHeader(k) && (t.tail == 0 || t.token68)
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

// has reports whether secret is one of r's tokens.
func (r *redactor) has(secret string) bool { return r.index(secret) >= 0 }

// index is where secret is among r's tokens, -1 when it is not.
func (r *redactor) index(secret string) int {
	return slices.IndexFunc(r.tokens, func(t token) bool { return t.secret == secret })
}

// newRedactor is the redactor of opts for a session of userURL, the URL as
// typed or as mcp.TargetURL completed it.
func newRedactor(opts RecordOptions, userURL string) *redactor {
	r := &redactor{off: opts.Secrets, clientQuery: opts.ClientQuery}
	if !strings.Contains(userURL, "://") {
		// Typed without its scheme ("ann:pw@host/mcp"), the URL is read
		// as the session reads it: url.Parse took "ann" for a scheme and
		// found no password, and exec --json and a re-run's report showed
		// a server's echo of it.
		if u, err := mcp.TargetURL(userURL); err == nil {
			userURL = u.String()
		}
	}
	user := slices.Clone(opts.Tokens)
	for name, vs := range opts.Headers {
		if keptHeader(name) {
			continue
		}
		if !urlpass.SecretHeader(name) {
			r.names = append(r.names, name)
		}
		for _, v := range vs {
			user = append(user, headerSecrets(name, v)...)
		}
	}
	for _, t := range user {
		if len(t) >= minToken && !slices.ContainsFunc(r.tokens, func(tok token) bool { return tok.secret == t }) {
			r.add(newToken(t, Redacted))
		}
	}
	// The URL's credentials as they are spelt in it, colon and at sign
	// included, are specific enough to replace wherever a server echoes them.
	if i := strings.Index(userURL, "://"); i >= 0 {
		if ui, colon, ok := urlpass.Userinfo(userURL, i+3); ok && colon >= 0 {
			r.add(newToken(userURL[ui.From:ui.To+1], userURL[ui.From:colon+1]+redactedPassword+"@"))
		}
	}
	for _, p := range urlpass.QueryParams(userURL) {
		for _, sp := range queryTokens(p) {
			if !r.has(sp[0]) {
				r.add(newToken(sp[0], sp[1]))
			}
		}
	}
	if u, err := url.Parse(userURL); err == nil && u.User != nil {
		pw, ok := u.User.Password()
		if ok && len(pw) >= minToken {
			r.add(newToken(pw, Redacted))
		}
		if ok {
			// net/http sends the URL's userinfo as basic auth, adding the
			// header after the request's headers were recorded, so it is
			// never learnt from them; a server that echoes it would put
			// the password, base64-encoded, in the recording.
			r.add(newToken(basicCredential(u.User.Username(), pw), Redacted))
		}
	}
	return r
}

// basicCredential is the credential of "Authorization: Basic" for user and
// password, as net/http encodes it.
func basicCredential(user, password string) string {
	return base64.StdEncoding.EncodeToString([]byte(user + ":" + password))
}

// record returns rec with headers and URLs redacted, and whether that
// changed anything; the caller's record is never changed: whatever is
// redacted is copied first.
func (r *redactor) record(rec mcp.Record) (mcp.Record, bool) {
	if r.off {
		return rec, false
	}
	changed := false
	if r.clientQuery && !r.fixed {
		r.learnQuoted(&rec)
	}
	if rec.HTTP != nil && (r.secretIn(rec.HTTP.RequestHeaders) || r.secretIn(rec.HTTP.Headers)) {
		if !r.fixed {
			r.learn(rec.HTTP.RequestHeaders, rec.HTTP.RequestHeadersCut)
		}
		h := *rec.HTTP
		h.RequestHeaders = r.redactHeaders(h.RequestHeaders)
		h.Headers = r.redactHeaders(h.Headers)
		rec.HTTP, changed = &h, true
	}
	if r.cutPieces(&rec) {
		changed = true
	}
	v := reflect.ValueOf(&rec).Elem()
	if anyString(v, ownText, func(s string) bool { return r.redactOwn(s) != s }) {
		mapStrings(v, ownText, r.redactOwn)
		changed = true
	}
	return rec, changed
}

// encode returns rec's line made by enc, with headers and URLs redacted
// and, when the line may hold a token, the tokens replaced and the record
// encoded again. enc must be ready to encode the record afresh on its second
// call. The caller's record is never changed.
func (r *redactor) encode(rec mcp.Record, enc func(mcp.Record) (encodedLine, error)) (encodedLine, error) {
	line, _, err := r.encodeNoting(rec, enc)
	return line, err
}

// encodeNoting is encode, also reporting whether redacting changed
// anything: the line then does not read back as the record it was given.
func (r *redactor) encodeNoting(rec mcp.Record, enc func(mcp.Record) (encodedLine, error)) (encodedLine, bool, error) {
	rec, changed := r.record(rec)
	line, err := enc(rec)
	if err == nil && r.scrub(&rec, line) {
		changed = true
		line, err = enc(rec)
	}
	return line, changed, err
}

// scrub replaces the tokens in rec when its encoded line may hold one, and
// reports whether it changed anything; the caller encodes it again.
func (r *redactor) scrub(rec *mcp.Record, line encodedLine) bool {
	if r.off {
		return false
	}
	changed := false
	may := line.mayContain(r.tokens, nil)
	for i, tok := range r.tokens {
		if !may[i] {
			continue
		}
		v := reflect.ValueOf(rec).Elem()
		if anyString(v, everything, tok.in) {
			mapStrings(v, everything, tok.replace)
			changed = true
		}
	}
	return changed
}

// header redacts the user URL in a recording's header line.
func (r *redactor) header(h Header) Header {
	if r.off {
		return h
	}
	h.URL = redactPasswords(h.URL)
	for _, tok := range r.tokens {
		h.URL = tok.replacePlain(h.URL, tok.secret)
	}
	return h
}

// hasPassword is a quick test for a URL with a password in s.
func hasPassword(s string) bool {
	return strings.Contains(s, "://") && strings.Contains(s, "@") && redactPasswords(s) != s
}

// redactPasswords replaces the password of every URL in s (scheme://user:
// password@host) and leaves every other byte as it was.
func redactPasswords(s string) string { return urlpass.Mask(s, redactedPassword) }

// base64Mark opens a payload that is not UTF-8, stored as base64.
var base64Mark = []byte(`{"base64":`)

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

var (
	rawType   = reflect.TypeFor[mcp.Raw]()
	eventType = reflect.TypeFor[mcp.SSEEvent]()
)

// ownText selects the strings mcpscope wrote: not the server's bytes (raw
// messages, bodies, events), which are kept exactly.
func ownText(t reflect.Type) bool { return t != rawType && t != eventType }

// everything selects every string.
func everything(reflect.Type) bool { return true }

// anyString reports whether f holds for a string reachable from v through
// values whose types enter accepts. Walking by reflection keeps fields added
// to mcp.Record later covered too.
func anyString(v reflect.Value, enter func(reflect.Type) bool, f func(string) bool) bool {
	if !enter(v.Type()) {
		return false
	}
	switch v.Kind() {
	case reflect.String:
		return f(v.String())
	case reflect.Pointer:
		return !v.IsNil() && anyString(v.Elem(), enter, f)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() && anyString(v.Field(i), enter, f) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if anyString(v.Index(i), enter, f) {
				return true
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if anyString(it.Value(), enter, f) {
				return true
			}
		}
	}
	return false
}

// mapStrings replaces every string s reachable from v (through types enter
// accepts) by f(s), copying each pointer, slice and map on the way so the
// original record stays as it was.
func mapStrings(v reflect.Value, enter func(reflect.Type) bool, f func(string) string) {
	if !enter(v.Type()) {
		return
	}
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		if t := f(s); t != s {
			v.SetString(t)
		}
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		c := reflect.New(v.Elem().Type())
		c.Elem().Set(v.Elem())
		mapStrings(c.Elem(), enter, f)
		v.Set(c)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if fv := v.Field(i); fv.CanSet() {
				mapStrings(fv, enter, f)
			}
		}
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			s := string(v.Bytes())
			if t := f(s); t != s {
				v.SetBytes([]byte(t))
			}
			return
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		for i := 0; i < c.Len(); i++ {
			mapStrings(c.Index(i), enter, f)
		}
		v.Set(c)
	case reflect.Map:
		if v.IsNil() {
			return
		}
		c := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(it.Value())
			mapStrings(e, enter, f)
			c.SetMapIndex(it.Key(), e)
		}
		v.Set(c)
	}
}
