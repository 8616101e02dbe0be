package mcp

import "net/http"

// statusError is statusErrorOf for a request of the session's own: a
// refusal its -H may have caused says so (relabelledWords), as a detection
// that failed does, where a forced transport's advice blamed a proxy for
// rewriting the header. broke is why the body's read broke off: a
// compressed body refused as a compression bomb is said so, without the
// size read up to there, which would read as the whole page's.
func (s *Session) statusError(purpose, transport, method, target string, resp *http.Response, body string, size int64, broke error) *WireError {
	size, unread := bombCut(size, broke)
	we := statusErrorOf(purpose, transport, method, target, resp, body, size)
	we.Message += unread
	if said := relabelledWords(s.cfg.Header, method, transport, purpose == PurposeProbe, resp.StatusCode); said != "" {
		we.Message += said
		we.Overridden = true
	}
	return we
}
