package mcp

import (
	"net/http"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// A detection record (KindDetect) says how the transport was found.

// Detection is how the transport was chosen: every probe sent and what
// came back, and one sentence saying why.
type Detection struct {
	Transport string    `json:"transport"` // the one chosen; "" when none worked
	URL       string    `json:"url"`       // where it was found
	Reason    string    `json:"reason"`
	Forced    bool      `json:"forced,omitempty"` // --transport skipped detection
	Attempts  []Attempt `json:"attempts,omitempty"`
	// Untried, when detection failed and stopped at a failure that says
	// nothing of the transport (a 500, a refused version), names the
	// transports (in words, TransportWords) it left untried.
	Untried []string `json:"untried,omitempty"`
}

// Attempt is one detection probe.
type Attempt struct {
	Transport   string `json:"transport"` // what it tried
	Method      string `json:"method"`
	URL         string `json:"url"`
	Status      int    `json:"status,omitempty"`
	ContentType string `json:"content_type,omitempty"`
	Body        string `json:"body,omitempty"` // the first bytes of the answer
	Err         string `json:"err,omitempty"`
	Seq         int64  `json:"seq,omitempty"`     // the HTTP record of the probe
	Verdict     string `json:"verdict,omitempty"` // what it showed
	// Cause is what the failure it met was (CauseOf its error), "" if
	// none: what tells the failure apart from the words that say it.
	Cause Cause `json:"cause,omitempty"`
}

// Label names what a probe asked, for a person: the HTTP method, the
// JSON-RPC request its POST carried (two POSTs to one URL are otherwise
// the same words), and the URL.
func (a Attempt) Label() string {
	if a.Method == http.MethodPost {
		switch a.Transport {
		case TransportStateless:
			return "POST server/discover " + a.URL
		case TransportStreamable:
			return "POST initialize " + a.URL
		}
	}
	return a.Method + " " + a.URL
}

// reasonURLRoom is the most bytes of a probe's URL a reason names: a
// URL pasted wrong, 10 KB long, was named whole by each of six probes.
const reasonURLRoom = 160

// shortLabel is Label with the URL shortened in its middle to
// reasonURLRoom (clip.Middle: its host and its end, /mcp or /sse, kept),
// for a reason naming every probe; the probe's own record keeps it whole.
func (a Attempt) shortLabel() string {
	a.URL = clip.Middle(a.URL, reasonURLRoom)
	return a.Label()
}
