package advice

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// refusedAdvice is the advice for a tools/list a 2026 server refuses with
// status and the headers set.
func refusedAdvice(t *testing.T, status int, headers map[string]string) string {
	t.Helper()
	refuse := mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
		for k, v := range headers {
			x.Header().Set(k, v)
		}
		x.Status(status, "text/plain", "no")
	})
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: refuse})
	s := mcp.NewSession(mcp.Config{URL: srv.URL, NoListen: true, RequestTimeout: 10 * time.Second})
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	_, _, err := s.ListTools(ctx, false)
	if err == nil {
		t.Fatalf("tools/list answered %d was not refused", status)
	}
	return ForError(err, CLI)
}

// A Retry-After no person can sit out is said to be so, by the server's
// own clock where it is a date: "wait" with 1e9 or a date of 1970 quoted
// had the user waiting years, or for a time long gone.
func TestAdviceSaysARetryAfterNoOneCanWait(t *testing.T) {
	date := "Sat, 28 Nov 2026 12:00:00 GMT"
	for _, tc := range []struct {
		name, retryAfter, want string
	}{
		{"seconds", "30", "wait, then run the command again (it said Retry-After: 30)"},
		{"years", "1000000000", "(it said Retry-After: 1000000000, more than a day away: no wait to sit out; the server's limiter is misconfigured, so try again in a minute)"},
		{"not a form", "1e9", "(it said Retry-After: 1e9, neither a number of seconds nor a date: try again in a minute)"},
		{"past", "Thu, 01 Jan 1970 00:00:00 GMT", "(it said Retry-After: Thu, 01 Jan 1970 00:00:00 GMT, a time already past by the server's own clock (Date: " + date + "): try again now)"},
		{"soon", "Sat, 28 Nov 2026 12:05:00 GMT", "(it said Retry-After: Sat, 28 Nov 2026 12:05:00 GMT)"},
		{"next year", "Sun, 28 Nov 2027 12:00:00 GMT", "more than a day away: no wait to sit out"},
	} {
		got := refusedAdvice(t, http.StatusTooManyRequests, map[string]string{"Retry-After": tc.retryAfter, "Date": date})
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: advice %q, want it to say %q", tc.name, got, tc.want)
		}
	}
}

// 421 and 426 say what they mean and what to do: they had no words, and
// the user saw the status line alone.
func TestAdviceFor421And426(t *testing.T) {
	if got := refusedAdvice(t, http.StatusMisdirectedRequest, nil); !strings.Contains(got, "use the host name the server serves") {
		t.Errorf("421: advice %q, want what to do", got)
	}
	got := refusedAdvice(t, http.StatusUpgradeRequired, map[string]string{"Upgrade": "TLS/1.3, HTTP/1.1"})
	if !strings.Contains(got, "try an https:// URL") || !strings.Contains(got, "(it said Upgrade: TLS/1.3, HTTP/1.1)") {
		t.Errorf("426: advice %q, want what to do and the protocol it named", got)
	}
}
