package history

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// A record keeps only the start of what is long (mcp.KeepHeaders cuts an
// answer's headers, mcp.BodyLimit its body, clip.Quote the server's words
// quoted in mcpscope's own, clip.Middle and mcp.Excerpt a value in a
// message), and it is cut where the server's bytes reach the limit, before
// the recording sees it. A credential the server echoes across that point
// is kept as its start only (or its end, after a cut in the middle), which
// no token matches: the piece of a token left at a cut is redacted as well
// (cutPieces, quotedPieces).

// minCutPiece is the shortest start of a credential redacted at a cut: a
// shorter one tells little of the secret, and at the end of every cut value
// would often be ordinary text that happens to begin like it.
const minCutPiece = 4

// pieceAt is where in s a token's start ending at end begins, the earliest
// of every token and form, or end when none does. A form's header segment
// (commonHead) does not count towards the minCutPiece bytes: another JWT
// cut inside or right after its "eyJhbGciOi…" is no piece of the user's.
func (r *redactor) pieceAt(s string, end int) int {
	from := end
	for _, tok := range r.tokens {
		for k, f := range tok.forms {
			if len(f) <= minCutPiece+tok.heads[k] {
				continue
			}
			head := f[:minCutPiece]
			lo, last := max(0, end-len(f)), end-tok.heads[k] // a start leaves minCutPiece bytes before last
			for i := lo; i+minCutPiece <= last && i < from; {
				j := strings.Index(s[i:last], head)
				if j < 0 || i+j >= from {
					break
				}
				i += j
				if strings.HasPrefix(f, s[i:end]) {
					from = i
					break
				}
				i++
			}
		}
	}
	return from
}

// cutEnd is s, cut where it ends, with a token's start at its end redacted.
func (r *redactor) cutEnd(s string) string {
	if i := r.pieceAt(s, len(s)); i < len(s) {
		return s[:i] + Redacted
	}
	return s
}

// pieceFrom is how long the end of a token that s begins with is, the
// longest of every token and form of at least minCutPiece bytes, or 0:
// what a cut kept after its mark (clip.Middle keeps a name's end) begins
// with the end of what it cut.
func (r *redactor) pieceFrom(s string) int {
	n := 0
	for _, tok := range r.tokens {
		for _, f := range tok.forms {
			for k := min(len(f), len(s)); k >= minCutPiece && k > n; k-- {
				if f[len(f)-k:] == s[:k] {
					n = k
					break
				}
			}
		}
	}
	return n
}

// quotedPieces is s, mcpscope's own text, with a token's start redacted
// before each clip.Ellipsis in it and a token's end after it: every cut
// of mcpscope's text (clip.Quote, clip.Middle, mcp.Excerpt, a JSON syntax
// error's window) marks what it left out by it.
func (r *redactor) quotedPieces(s string) string {
	return clip.Pieces(s, Redacted, r.pieceAt, r.pieceFrom)
}

// cutPieces redacts in rec the starts of tokens left where it was cut: at
// the end of each header KeepHeaders or KeepRequestHeaders cut, at the end of a body cut
// to its excerpt or cut short, at the end of an event its stream cut off
// and before the mark of a refused endpoint's data the proxy quoted cut
// (mcpscope's own text, cut by clip.Quote and the like, is ownText's).
// What it changes is copied first; it reports whether it changed anything.
func (r *redactor) cutPieces(rec *mcp.Record) bool {
	if len(r.tokens) == 0 {
		return false
	}
	cut := r.cutEvent(rec)
	cut = r.cutEndpoint(rec) || cut
	return r.cutExchange(rec) || cut
}

// cutEndpoint redacts the start of a token before the cut mark of an
// endpoint's data the proxy refused and quoted cut (clip.Quote): the data
// is the server's, so ownText leaves it; it reports whether it changed
// anything.
func (r *redactor) cutEndpoint(rec *mcp.Record) bool {
	ep := rec.Endpoint
	if ep == nil || !strings.Contains(string(ep.Data), clip.CutMark) {
		return false
	}
	data := mcp.Raw(r.quotedPieces(string(ep.Data)))
	if data == ep.Data {
		return false
	}
	c := *ep
	c.Data = data
	rec.Endpoint = &c
	return true
}

// cutEvent redacts the start of a token left at the end of an event its
// stream cut off (mcp.SSEEvent.Unparsed: it ended, broke or grew too large
// inside it), which is kept as far as it came; it reports whether it
// changed anything.
func (r *redactor) cutEvent(rec *mcp.Record) bool {
	ev := rec.Event
	if ev == nil || !ev.Unparsed() {
		return false
	}
	raw := mcp.Raw(r.cutEnd(string(ev.Raw)))
	if raw == ev.Raw {
		return false
	}
	c := *ev
	c.Raw = raw
	rec.Event = &c
	return true
}

// cutHeaders is hdr with the start of a token redacted at the end of each
// header cut names (mcp.KeepHeaders cut it there), copied when it changes;
// it reports whether it changed anything.
func (r *redactor) cutHeaders(hdr map[string][]string, cut map[string]int) (map[string][]string, bool) {
	changed := false
	for name := range cut {
		vs := hdr[name]
		if len(vs) == 0 {
			continue
		}
		if last := r.cutEnd(vs[len(vs)-1]); last != vs[len(vs)-1] {
			if !changed {
				hdr = maps.Clone(hdr)
			}
			vs = slices.Clone(vs)
			vs[len(vs)-1] = last
			hdr[name] = vs
			changed = true
		}
	}
	return hdr, changed
}

// cutExchange redacts the starts of tokens left where rec's HTTP exchange
// was cut, as cutPieces says; it reports whether it changed anything.
func (r *redactor) cutExchange(rec *mcp.Record) bool {
	h := rec.HTTP
	if h == nil {
		return false
	}
	c := *h
	var answer, request bool
	c.Headers, answer = r.cutHeaders(h.Headers, h.HeadersCut)
	c.RequestHeaders, request = r.cutHeaders(h.RequestHeaders, h.RequestHeadersCut)
	changed := answer || request
	// A body ends where it was cut to its excerpt, or where its read
	// broke (upstream or the client went mid-body), which the record does
	// not tell from a whole one (mcp marks the break only where an error
	// quotes the body, with the cut mark quotedPieces redacts before). The
	// end of each is redacted.
	if len(c.Body) > 0 {
		if body := mcp.Raw(r.cutEnd(string(c.Body))); body != c.Body {
			c.Body, changed = body, true
		}
	}
	if changed {
		rec.HTTP = &c
	}
	return changed
}

// redactOwn is s, a string mcpscope wrote, with the password of every URL in
// it redacted and the piece of a token either side of each cut's mark.
func (r *redactor) redactOwn(s string) string {
	if hasPassword(s) {
		s = redactPasswords(s)
	}
	return r.quotedPieces(s)
}

// extendIn is where a match of t ending at to in s ends with the rest of a
// credential the record cut (t.tail): up to t.tail more bytes a header
// value may hold, an escape counted as the one byte it stands for (a
// JSON "\/" or "\u0026", a URL's "%2F"). The rest is unknown, and may
// hold spaces and commas the start did not ("Credential=..., Signature=
// ..."): stopping at them kept the rest of such a credential in the
// clear. The count bounds it: what follows a whole echo is kept. So does
// what the credential could be: the rest of a token68 start (a JWT, an
// API key, base64) is token68 too, and the server's words after a short
// echo of one ("<start>… is not valid") are kept, where t.tail of them
// were redacted. In JSON text (inJSON) a bare quote ends the string it is
// in and stops it.
func (t token) extendIn(s string, to int, inJSON bool) int {
	padded := t.token68 && strings.HasSuffix(t.secret, "=")
	for left := t.tail; left > 0 && to < len(s); left-- {
		c, n := s[to], 1
		switch {
		case inJSON && (strings.HasPrefix(s[to:], `\n`) || strings.HasPrefix(s[to:], `\r`)):
			return to // no header value holds a line break
		case inJSON && strings.HasPrefix(s[to:], `\u`) && to+6 <= len(s):
			// One escape of a pair counts as one byte, as the other
			// does after it; valid JSON's \u has its four digits.
			r, _ := jsonspan.EscapeAt(s, to)
			c, n = byte(min(r, 0x80)), 6
		case inJSON && c == '\\' && to+1 < len(s):
			c, n = s[to+1], 2
		case inJSON && c == '"', !headerValueByte(c):
			return to
		case c == '%' && to+2 < len(s) && jsonspan.IsHex(s[to+1]) && jsonspan.IsHex(s[to+2]):
			v, _ := strconv.ParseUint(s[to+1:to+3], 16, 8)
			c, n = byte(v), 3
		}
		if t.token68 && (!token68Byte(c) || padded && c != '=') {
			return to
		}
		padded = padded || c == '='
		to += n
	}
	return to
}

// isToken68 reports whether s is a token68 (RFC 9110), as a bearer token
// or base64 is: letters, digits and -._~+/, then only '='.
func isToken68(s string) bool {
	body := strings.TrimRight(s, "=")
	return body != "" && strings.IndexFunc(body, func(r rune) bool { return r > 0x7f || !token68Byte(byte(r)) || r == '=' }) < 0
}

// token68Byte reports a byte a token68 may hold.
func token68Byte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~+/=", c) >= 0
}

// headerValueByte reports a byte an HTTP header value may hold (RFC 9110:
// visible ASCII, space, tab and obs-text), which is any byte of a
// credential learnt from one.
func headerValueByte(c byte) bool { return c == '\t' || (c >= ' ' && c != 0x7f) }

// replacePlain is strings.ReplaceAll(s, f, t.with), f being one of t's
// forms, each match extended as t says (extendIn): for text with no escapes.
func (t token) replacePlain(s, f string) string {
	if t.tail == 0 {
		return strings.ReplaceAll(s, f, t.with)
	}
	var b strings.Builder
	for {
		i := strings.Index(s, f)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i] + t.with)
		s = s[t.extendIn(s, i+len(f), false):]
	}
}
