package proxy

import (
	"fmt"
	"net/http"
)

// noSwitch refuses an upstream's 101 Switching Protocols. The proxy never
// asks to switch (Upgrade is hop-by-hop and dropped), and what a switched
// connection carries is not HTTP it could relay or record: relayed, the
// client got a 101 with no Upgrade and then nothing, and the handler read
// the upstream's raw connection, which no context ends, until upstream
// chose to close it.
type noSwitch struct{ http.RoundTripper }

// switched is the error of an answer 101: the client is told so with 502.
type switched struct{ status string }

func (e *switched) Error() string {
	return fmt.Sprintf("upstream answered %s to a request that asked for no upgrade; the proxy relays HTTP only", e.status)
}

func (t noSwitch) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.RoundTripper.RoundTrip(r)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		return resp, err
	}
	// Closing the body of a switched answer closes its connection.
	resp.Body.Close()
	return nil, &switched{resp.Status}
}
