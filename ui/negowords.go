package ui

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/themes"
)

// How the Negotiation pane words one fact: an endpoint, the POSTs and
// their statuses, a failure, the capabilities, a header.

// inUseLabel says which URL the POSTs go to.
func inUseLabel(ep *mcp.Endpoint) string {
	switch ep.InUse {
	case ep.Preferred:
		return "preferred"
	case ep.Fallback:
		return "fallback"
	case ep.Prefixed:
		return "prefix"
	}
	return wireLine(ep.InUse, 2048)
}

// postSummary counts POST answers by status, and reports whether they
// differ (then the recent ones are worth listing one by one).
func postSummary(posts []*mcp.HTTPExchange, relayed bool) (string, bool) {
	counts, kinds := postCounts(posts, relayed)
	last := posts[len(posts)-1]
	return counts + " · last " + statusText(last.Status, last.Err, relayed) + " in " + history.FormatMeasured(last.Duration), kinds > 1
}

// postCounts counts POST answers by status, in the order each was first
// seen: "200 ×2, 202 ×1", and how many statuses that names.
func postCounts(posts []*mcp.HTTPExchange, relayed bool) (string, int) {
	counts := map[string]int{}
	var order []string
	for _, p := range posts {
		s := statusText(p.Status, p.Err, relayed)
		if counts[s] == 0 {
			order = append(order, s)
		}
		counts[s]++
	}
	parts := make([]string, 0, len(order))
	for _, s := range order {
		parts = append(parts, s+" ×"+strconv.Itoa(counts[s]))
	}
	return strings.Join(parts, ", "), len(order)
}

// recentPosts lists the newest POST statuses one by one, oldest first, so
// a failure among successes shows where it happened.
func recentPosts(posts []*mcp.HTTPExchange, n int) string {
	if len(posts) > n {
		posts = posts[len(posts)-n:]
	}
	parts := make([]string, len(posts))
	for i, p := range posts {
		parts[i] = strconv.Itoa(p.Status)
		if p.Status == 0 {
			parts[i] = "—"
		}
	}
	return strings.Join(parts, " ")
}

// statusText is an HTTP status or why there was none; relayed says the
// exchange is a proxy's upstream leg (failedText).
func statusText(status int, err string, relayed bool) string {
	if status == 0 {
		if err != "" {
			return failedText(err, relayed)
		}
		return "no answer"
	}
	return strconv.Itoa(status)
}

// failedText says why an HTTP request got no answer, in the words exec
// and the status line use (the record keeps net/http's). Go's HTTP client
// names the method and URL, which the line shows already, and says in its
// own words that mcpscope stopped waiting, which is no failure of the
// server's. On a proxy's upstream leg (relayed) it was not mcpscope as a
// client that stopped waiting: the proxy gave the relay up as its client
// left (or it stopped), which the pane read as the user's doing.
func failedText(err string, relayed bool) string {
	words := mcp.RecordedFailureWords(err)
	switch {
	case words == "context canceled" && relayed:
		return "no answer: the client or the proxy stopped waiting"
	case words == "context canceled":
		return "no answer: mcpscope stopped waiting"
	case words == "context deadline exceeded":
		return "no answer in time"
	}
	return "failed: " + wireLine(words, 256)
}

// statusStyle colours an HTTP status by what it means for the session.
func statusStyle(st *themes.Styles, status int) lipgloss.Style {
	switch {
	case status >= 200 && status < 300:
		return st.Success
	case status >= 300 && status < 400:
		return st.Warning
	}
	return st.Error
}

// capabilities summarises the server's capabilities object:
// "logging, tools{listChanged}".
func capabilities(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "(none)"
	}
	if len(raw) > 64<<10 {
		return history.FormatSize(int64(len(raw))) + " of capabilities (see the initialize answer)"
	}
	var caps map[string]json.RawMessage
	if err := json.Unmarshal(raw, &caps); err != nil {
		return wireLine(string(raw), 256)
	}
	names := make([]string, 0, len(caps))
	for name, v := range caps {
		var sub map[string]json.RawMessage
		if json.Unmarshal(v, &sub) == nil && len(sub) > 0 {
			keys := make([]string, 0, len(sub))
			for k, flag := range sub {
				// A sub-capability set to false (or null) is one the
				// server does not offer: the TypeScript SDK says
				// "subscribe": false rather than leaving it out.
				if f := strings.TrimSpace(string(flag)); f == "false" || f == "null" {
					continue
				}
				keys = append(keys, k)
			}
			if len(keys) > 0 {
				sort.Strings(keys)
				name += "{" + strings.Join(keys, ",") + "}"
			}
		}
		names = append(names, wireLine(name, 256))
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "(none)"
	}
	return strings.Join(names, ", ")
}

// header looks a header up whatever case it was recorded in, sanitized,
// and cut as Quote cuts: a 64 KB User-Agent filled rows of the pane with
// nothing to say it went on.
func header(h map[string][]string, name string) string {
	return sanitize.Quoted(mcp.RecordedHeader(h, name), 512)
}

// posts shows how the POSTs of the connection in use were answered, and
// under them, dimmed, those of earlier sessions and attempts: after a
// reconnect the refusals that came before it are history, not news.
func (n *negotiationPane) posts(f *facts, neg *history.Negotiation) {
	st := n.c.st
	if len(neg.Posts) > 0 {
		summary, mixed := postSummary(neg.Posts, n.c.relayed())
		// The oldest went: "202 ×50" after 300 POSTs read as the whole
		// connection's count.
		f.kv("POSTs", newestPosts(len(neg.Posts), len(neg.Posts), summary), st.Row)
		if mixed {
			f.kv("  recent", recentPosts(neg.Posts, 16), st.Dim)
		}
	} else if len(neg.EarlierPosts) > 0 {
		f.kv("POSTs", "none on this connection yet", st.Dim)
	}
	if len(neg.EarlierPosts) > 0 {
		// The earlier go first when POSTs are dropped: their counts were
		// cut at 50 with nothing to say so.
		earlier, _ := postCounts(neg.EarlierPosts, n.c.relayed())
		f.kv("  earlier", newestPosts(len(neg.EarlierPosts), len(neg.Posts)+len(neg.EarlierPosts), earlier)+
			" (earlier connections, not this one)", st.Dim)
	}
}

// newestPosts is the summary of n POSTs, said to be of the newest n when
// all kept, those n among them, reach history.MaxPosts: older ones may
// have been dropped to keep the newest.
func newestPosts(n, kept int, summary string) string {
	if kept < history.MaxPosts {
		return summary
	}
	return "the newest " + strconv.Itoa(n) + ": " + summary
}
