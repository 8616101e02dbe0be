package history

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// subscriptions are the resources subscribed to in a session, read from
// what was sent (resources/subscribe in the 2025 eras, a 2026 listen
// request's resourceSubscriptions), and the updates of others said.
type subscriptions struct {
	uris map[string]bool
	// said are the problems of updates of resources never subscribed
	// to, and saidURIs their URIs, at most maxUnsubscribedSaid; past it,
	// more says the rest are not said.
	said     []Problem
	saidURIs []string
	more     bool
}

// maxUnsubscribedSaid bounds the URIs whose unasked updates are said: a
// server sending updates of every resource it has would otherwise fill
// the notes with one line per resource.
const maxUnsubscribedSaid = 8

// subscribedBy reads a request sent in the session for the resources it
// subscribes to. An unsubscribe is not read: an update that was on its
// way as it went is no server's mistake.
func (c *AnswerCheck) subscribedBy(r *mcp.Record) {
	// The record's method, as the rest of the check reads it: wireOf's
	// scan of the raw, for a re-run of a recording edited by hand, cost
	// a pass over every request sent (a proxy's, megabytes each).
	method := r.RPC.Method
	if r.RPC.Class != mcp.ClassRequest || method != "resources/subscribe" && method != mcp.ListenMethod {
		return
	}
	uris := []string{paramText(string(r.RPC.Raw), "uri")}
	if method == mcp.ListenMethod {
		uris, _ = listenSubscriptions(r.RPC.Raw)
	}
	for _, uri := range uris {
		if uri == "" {
			continue // a prefix of every URI: it subscribes to none
		}
		if c.subs.uris == nil {
			c.subs.uris = map[string]bool{}
		}
		c.subs.uris[uri] = true
	}
}

// unsubscribed checks a notifications/resources/updated the server sent
// for a resource not subscribed to in this session, nor under one that
// is (an update may name a sub-resource of the one subscribed to): said
// once per URI, for the first few URIs. One tagged with a subscription
// that is not ours is said so where it shows (ForeignSubscription).
func (c *AnswerCheck) unsubscribed(r *mcp.Record) (Problem, bool) {
	if r.RPC.Class != mcp.ClassNotification || r.RPC.Method != "notifications/resources/updated" || r.RPC.ForeignSubscription != "" || c.subs.more {
		return Problem{}, false
	}
	uri := paramText(string(r.RPC.Raw), "uri")
	if uri == "" {
		return Problem{}, false // what it lacks is said where it shows
	}
	if slices.Contains(c.subs.saidURIs, uri) {
		return Problem{}, false
	}
	for sub := range c.subs.uris {
		if strings.HasPrefix(uri, sub) {
			return Problem{}, false
		}
	}
	quoted := fmt.Sprintf("%q", sanitize.Quoted(uri, 200))
	if len(c.subs.saidURIs) == maxUnsubscribedSaid {
		c.subs.more = true
		p := Problem{Level: LevelInfo, Seq: r.Seq,
			Message: fmt.Sprintf("notifications/resources/updated came for yet another resource not subscribed to (%s): updates of more resources not subscribed to are not said", quoted)}
		c.subs.said = append(c.subs.said, p)
		return p, true
	}
	p := Problem{Level: LevelInfo, Seq: r.Seq,
		Message: "notifications/resources/updated came for " + quoted + ", not subscribed to in this session: the server sends updates nobody asked for, or of a subscription another session made"}
	c.subs.said, c.subs.saidURIs = append(c.subs.said, p), append(c.subs.saidURIs, uri)
	return p, true
}
