package proxy

import (
	"fmt"
	"net/http"
	"net/url"

	"github.com/mcpscope/mcpscope/mcp"
)

// The proxy follows no redirect: it relays it, and the client follows it.
// A server mounted under a path (Starlette's Mount redirects /mcp to
// /mcp/ with 307) has every POST of a client that does not remember the
// hop (fetch does not) come twice: once redirected, once where the
// redirect points. The first is no failure and no request left waiting:
// its id comes again at once in the same message, which read as the
// client reusing the id of a request in flight ("ids must differ"), its
// row as "✗ POST 307", and an initialize so redirected as a session of
// its own that ended unopened with no word of where the client went.

// redirect is where upstream's answer resp redirects the client: the
// Location resolved against the URL asked, and whether that is upstream's
// own origin, where the client comes back through the proxy (local points
// it there). ok is false for an answer that is no redirect a client
// follows: not 3xx (304 is no redirect), or no Location that parses.
func (p *Proxy) redirect(resp *http.Response) (to *url.URL, home, ok bool) {
	switch resp.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
	default:
		return nil, false, false
	}
	loc, err := resp.Location()
	if err != nil {
		return nil, false, false
	}
	return loc, mcp.SameOrigin(loc, p.upstream), true
}

// redirects reports an answer that redirects the client (redirect).
func (p *Proxy) redirects(resp *http.Response) bool {
	_, _, ok := p.redirect(resp)
	return ok
}

// keepsBody reports a redirect a client follows with the same method and
// body (307, 308): after 301, 302 and 303 it sends a GET without the
// message (RFC 9110, 15.4).
func keepsBody(status int) bool {
	return status == http.StatusTemporaryRedirect || status == http.StatusPermanentRedirect
}

// redirectedWords says where a redirect upstream answered what (as "the
// client's POST", "the initialize", "the client's legacy HTTP+SSE stream
// (GET /sse)") with takes the client, and what becomes of it there.
func redirectedWords(what string, resp *http.Response, to *url.URL, home bool) string {
	head := fmt.Sprintf("upstream redirected %s to %q (%s)", what, to.Redacted(), resp.Status)
	switch {
	case resp.Request.Method == http.MethodPost && !keepsBody(resp.StatusCode):
		return head + ", which a client follows as a GET without the message: the message reaches no server there; the server should redirect with 307 or 308, or give the proxy the URL it redirects to"
	case !home:
		return head + ", another origin: the client follows it there itself, past the proxy, so nothing of it there is seen or recorded here; to watch it, run the proxy against that URL"
	}
	return head + ": the client sends it again there, through the proxy"
}

// redirected ends the client's message l relays, which upstream answered
// resp, a redirect to (home: upstream's origin), before the client hears
// of it: the client may send it again at once. Its request is not left
// waiting under an id the same request comes with again, and its row is
// a redirect's, not a failure's, unless the message is lost on the way
// (a 303 turns the POST into a GET without it).
func (l *leg) redirected(resp *http.Response, to *url.URL, home bool) {
	cause := mcp.CauseRedirected
	if !keepsBody(resp.StatusCode) {
		cause = mcp.CauseRedirectToGet
	}
	err := &mcp.WireError{Cause: cause, Purpose: l.up.Purpose, Transport: l.c.kind(), Status: resp.StatusCode,
		Message: redirectedWords("the client's POST", resp, to, home)}
	if l.request {
		l.failed(mcp.OpPost, err)
		return
	}
	// A batch's requests end with it, and its row names them; a
	// notification's or an answer's own row says it. The words name no
	// method (the row and the line do): every message redirected alike is
	// one problem in Negotiation.
	info := l.c.errorInfo(mcp.OpPost, err)
	if l.c.obs.FailBatch(l.reqSeq, mcp.OpPost, err) > 0 {
		info.Batch = l.reqSeq
	} else {
		info.ReqSeq = l.reqSeq
	}
	l.c.obs.Emit(mcp.Record{Kind: mcp.KindError, Error: info})
}

// unopenedBy is why the session an initialize began ends when upstream
// answered the initialize resp, no success: where a redirect sent the
// client (which sends its initialize again there, in a session of its own
// when that is through the proxy), or the status.
func (p *Proxy) unopenedBy(resp *http.Response) string {
	if to, home, ok := p.redirect(resp); ok {
		return redirectedWords("the initialize", resp, to, home) + "; no session began in this one"
	}
	if triedAtLegacy(resp.Request, resp) {
		return fmt.Sprintf("upstream refused the initialize (%s) at %s, a legacy HTTP+SSE path: no streamable HTTP there, so no session began; a client that tries streamable HTTP first (mcp-remote does) opens a legacy stream there next, a session of its own", resp.Status, resp.Request.URL.Path)
	}
	return "upstream answered the initialize " + resp.Status + ": no session began"
}
