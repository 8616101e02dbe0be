package mcp

import (
	"context"
	"time"
)

// openingKey marks the context of the request that opens a session as
// Connect sends it (initialize, or 2026's server/discover).
type openingKey struct{}

// asOpening is ctx for the request that opens a session: it waits for its
// answer as long as connecting may take (the endpoint timeout, which
// --endpoint-timeout sets and the README says bounds the answer to
// initialize), not the request timeout: --timeout 2s for the requests
// that follow failed a server whose initialize takes 3s to start.
func asOpening(ctx context.Context) context.Context {
	return context.WithValue(ctx, openingKey{}, true)
}

// timeoutOf says whether a request sent with ctx opens the session, and
// how long it waits for its answer.
func (s *Session) timeoutOf(ctx context.Context) (opening bool, timeout time.Duration) {
	if opening, _ = ctx.Value(openingKey{}).(bool); opening {
		return true, s.cfg.EndpointTimeout
	}
	return false, s.cfg.RequestTimeout
}
