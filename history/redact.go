package history

import (
	"bytes"
	"encoding/base64"
	"net/url"
	"reflect"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
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
// at a time, as it learns tokens as records pass; a fixed one, which
// learns nothing, is shared by a replay's goroutines, so view keeps no
// state of its own in it.
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
	// tokensChanged counts the changes to tokens (add, dropOldest): a
	// credential learnt again changes none, as a proxied client's
	// messages, each carrying it (mcp.RPCMessage.Heard), do.
	tokensChanged int
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
func (r *redactor) record(rec mcp.Record) (mcp.Record, bool) { return r.recordOwn(rec, true) }

// recordOwn is record, walking rec's own strings (ownText) only when
// walk says they may hold something to learn or redact (ownMay).
func (r *redactor) recordOwn(rec mcp.Record, walk bool) (mcp.Record, bool) {
	if r.off {
		return rec, false
	}
	changed := false
	if rec.RPC != nil && rec.RPC.Heard != nil && !r.fixed {
		heard := rec.RPC.Heard
		// A proxied client's message, whose request's credentials are
		// learnt before it is written: it may hold one.
		r.learn(heard.Headers, heard.HeadersCut)
		if r.clientQuery {
			r.learnQuery(heard.URI)
		}
	}
	// mcpscope's own strings, found in one walk for the query's
	// credentials to learn and the passwords and cut pieces to redact.
	v := reflect.ValueOf(&rec).Elem()
	var own []string
	if walk {
		own = stringsIn(v, ownText)
	}
	if r.clientQuery && !r.fixed {
		r.learnQuoted(own)
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
	// own holds the strings as the caller's record did: one the headers
	// or cut pieces above changed is tested as it came, which finds
	// nothing they did not (changed is true then already).
	if slices.ContainsFunc(own, func(s string) bool { return r.redactOwn(s) != s }) {
		v = reflect.ValueOf(&rec).Elem()
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
	if r.off {
		line, err := enc(rec)
		return line, false, err
	}
	// The line as it comes tells whether mcpscope's own strings need the
	// walk that learns and redacts them (ownMay): most records (a
	// proxied batch's 100,000 messages) need none, and it cost most of
	// their recording. It is kept when redacting changes nothing.
	line, err := enc(rec)
	if err != nil {
		return line, false, err
	}
	rec, changed := r.recordOwn(rec, r.ownMay(line))
	if changed {
		line, err = enc(rec)
	}
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

// ownMay is a quick test of a record's line for what redactOwn replaces
// and learnQuoted learns in mcpscope's own strings, which the line holds
// as they are (JSON escapes none of the marks looked for): a password's
// "://" and "@", a cut's clip.Ellipsis, a query's "?". The large
// payloads left out of the line's text are the server's bytes, no own
// text.
func (r *redactor) ownMay(line encodedLine) bool {
	url, at := false, false
	for _, t := range line.text {
		if bytes.Contains(t, ellipsis) || r.clientQuery && !r.fixed && bytes.IndexByte(t, '?') >= 0 {
			return true
		}
		url = url || bytes.Contains(t, []byte("://"))
		at = at || bytes.IndexByte(t, '@') >= 0
	}
	return url && at
}

// ownMark is ownMay for one string, any of a record's: whether it may be
// one redactOwn changes or learnQuoted learns from.
func (r *redactor) ownMark(s string) bool {
	return strings.Contains(s, clip.Ellipsis) || r.clientQuery && !r.fixed && strings.IndexByte(s, '?') >= 0 || hasPassword(s)
}

// ellipsis is clip.Ellipsis, for bytes.Contains.
var ellipsis = []byte(clip.Ellipsis)

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
