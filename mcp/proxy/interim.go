package proxy

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptrace"
	"net/textproto"
	"sync"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// DefaultInterimTimeout is how long the proxy waits for upstream's final
// status after an interim (1xx) answer when Config.InterimTimeout is 0.
const DefaultInterimTimeout = 30 * time.Second

// interimOnly is upstream answering a 1xx and then no final status within
// the proxy's wait: the proxy sends no Expect, so a 1xx is upstream's own
// word that an answer is coming, and one that never comes would otherwise
// hold the client until its own timeout, with nothing said of why.
type interimOnly struct {
	code  int
	after time.Duration
}

func (e *interimOnly) Error() string {
	return fmt.Sprintf("%s within %s", mcp.InterimOnly(e.code), e.after)
}

// interimWatch bounds the wait for the final status after each 1xx answer
// to out: each one (a 102 Processing sent as a heartbeat) starts the wait
// again. It returns the request to send and done, which the caller calls
// when Do returns, so the watch ends with the final status.
func (p *Proxy) interimWatch(out *http.Request) (*http.Request, func()) {
	ctx, cancel := context.WithCancelCause(out.Context())
	var (
		mu    sync.Mutex
		timer *time.Timer
		ended bool
	)
	interim := 0 // header bytes of the 1xx answers so far
	trace := &httptrace.ClientTrace{Got1xxResponse: func(code int, h textproto.MIMEHeader) error {
		mu.Lock()
		defer mu.Unlock()
		if err := mcp.Interim(&interim, h); err != nil || ended {
			return err
		}
		if timer != nil {
			timer.Stop()
		}
		timer = time.AfterFunc(p.cfg.InterimTimeout, func() {
			mu.Lock()
			defer mu.Unlock()
			if !ended {
				cancel(&interimOnly{code: code, after: p.cfg.InterimTimeout})
			}
		})
		return nil
	}}
	return out.WithContext(httptrace.WithClientTrace(ctx, trace)), func() {
		mu.Lock()
		defer mu.Unlock()
		ended = true
		if timer != nil {
			timer.Stop()
		}
	}
}

// interimCause is the interimOnly that ended the request, if one did.
func interimCause(out *http.Request) error {
	if ie, ok := context.Cause(out.Context()).(*interimOnly); ok {
		return ie
	}
	return nil
}
