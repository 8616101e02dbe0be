package mcp

import (
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The request that opens a session (initialize, or 2026's server/discover)
// waits as long as connecting may (the endpoint timeout), not the request
// timeout: --timeout 100ms for the requests under test failed a server
// whose opening answer takes longer, as the README gives the answer to
// initialize to --endpoint-timeout. The requests that follow still wait
// only the request timeout.
func TestOpeningWaitsTheEndpointTimeout(t *testing.T) {
	const requestTimeout = 100 * time.Millisecond
	slow := func(x *mcptest.Exchange) {
		select {
		case <-time.After(4 * requestTimeout):
			x.Default()
		case <-x.Context().Done():
		}
	}
	hang := func(x *mcptest.Exchange) { <-x.Context().Done() }
	for _, tc := range []struct {
		name, opening string
		transport     string
		url           func(h func(*mcptest.Exchange)) string
	}{
		{"initialize", "initialize", TransportStreamable, func(h func(*mcptest.Exchange)) string {
			return mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: h}).Endpoint()
		}},
		{"server/discover", "server/discover", TransportStateless, func(h func(*mcptest.Exchange)) string {
			return mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: h}).URL
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := tc.url(func(x *mcptest.Exchange) {
				switch x.Method {
				case tc.opening:
					slow(x)
				case "tools/list":
					hang(x)
				default:
					x.Default()
				}
			})
			s, _ := connect(t, Config{URL: url, Transport: tc.transport, RequestTimeout: requestTimeout, EndpointTimeout: 20 * time.Second, NoGetStream: true})
			_, _, err := s.ListTools(testCtx(t), false)
			if CauseOf(err) != CauseTimeout && CauseOf(err) != CausePostTimeout {
				t.Errorf("tools/list to a server that never answers = %v (cause %q), want it timed out after the request timeout", err, CauseOf(err))
			}
		})
	}
}
