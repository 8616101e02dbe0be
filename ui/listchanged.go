package ui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// listKind is a list a server says changed with a list_changed
// notification, which mcpscope lists again on its own so completion offers
// what is there now.
type listKind struct {
	changed string // the notification that says so
	one     string // what the list holds, one and many: "tool", "tools"
	noun    string
	listing command.Command // what is sent: every page, as if typed
}

// listKinds are the lists followed; tools first (the call key lists it too).
var listKinds = [...]listKind{
	{changed: "notifications/tools/list_changed", one: "tool", noun: "tools", listing: toolsListing},
	{changed: "notifications/prompts/list_changed", one: "prompt", noun: "prompts", listing: promptsListing},
	{changed: "notifications/resources/list_changed", one: "resource", noun: "resources", listing: resourcesListing},
}

// listKindOf is the index in listKinds of the list a notification says
// changed, or -1.
func listKindOf(method string) int {
	for i := range listKinds {
		if listKinds[i].changed == method {
			return i
		}
	}
	return -1
}

// autoListState is where the listings of one kind that list_changed
// caused are: inRow counts them with nothing typed in between (anything
// submitted starts again at 0), listing says one is on its way, and again
// that the list changed once more meanwhile.
type autoListState struct {
	inRow          int
	listing, again bool
}

// maxAutoLists bounds the listings of one kind in a row that the server's
// list_changed caused with nothing typed in between: a server that says its
// list changed after every listing (a bridge that starts a fresh upstream
// for each request does) would otherwise be listed again forever.
const maxAutoLists = 3

// followListChanged lists again the tools, prompts or resources a live
// server says changed, so completion offers what is there without the user
// asking. The listing is an ordinary request: it shows in the pairs like
// any other. A list_changed that came on the response stream of that
// list's own listing is not followed: that request's answer, which comes
// after it, is the new list; nor is one for a 2026 subscription we do not
// have, nor one a resumed stream sent again (its event came before: a
// server replaying its stream on every reopening had the tools listed
// each time, and then "changed again" said of what changed once). While
// a listing it caused is on its way, more list_changed make one more
// listing once it is back (a server adding its tools one by one says so
// once per tool), not one each.
func (m *Model) followListChanged(batch []mcp.Record) tea.Cmd {
	if m.backend() == nil {
		return nil
	}
	var seen [len(listKinds)]bool
	var cmds []tea.Cmd
	for i := range batch {
		r := &batch[i]
		if r.Kind != mcp.KindReceived || r.RPC == nil || r.RPC.Class != mcp.ClassNotification || r.RPC.ForeignSubscription != "" || r.RPC.Replayed {
			continue
		}
		k := listKindOf(r.RPC.Method)
		if k < 0 || seen[k] {
			continue
		}
		if carrier := carrierOf(m.com.log, r); carrier != nil && carrier.Method == listKinds[k].listing.Method {
			continue
		}
		seen[k] = true
		if st := &m.autoLists[k]; st.listing {
			st.again = true
			continue
		}
		cmds = append(cmds, m.autoList(k))
	}
	return tea.Batch(cmds...)
}

// autoList sends the listing of kind k that a list_changed asked for,
// unless maxAutoLists of them went in a row already.
func (m *Model) autoList(k int) tea.Cmd {
	kind, st := &listKinds[k], &m.autoLists[k]
	if m.backend() == nil {
		// The session shown changed meanwhile to one that cannot send (a
		// proxied client's): there is nothing to list it through.
		st.again = false
		return nil
	}
	if st.inRow >= maxAutoLists {
		if st.inRow == maxAutoLists {
			st.inRow++ // said once, until something is typed
			how := "type :" + kind.listing.Method
			if k == 0 {
				how = "press " + m.keys.ListTools.Help().Key
			}
			return m.setStatus(levelWarn, fmt.Sprintf("the server said its %s list changed again after each of %d listings: not listing again on its own (%s to list)",
				kind.one, maxAutoLists, how))
		}
		return nil
	}
	st.inRow++
	st.listing = true
	send := m.sendAs(kind.listing, false, "because the server said its "+kind.one+" list changed")
	return tea.Batch(
		m.setStatus(levelInfo, autoListWords(k, "listing the")),
		func() tea.Msg {
			msg := send().(sentMsg)
			msg.auto, msg.autoKind = true, k
			return msg
		},
	)
}

// autoListWords is what the status says of a listing of kind k that a
// list_changed caused, doing ("listing the") or done ("listed the").
func autoListWords(k int, doing string) string {
	kind := &listKinds[k]
	return "the server's " + kind.one + " list changed: " + doing + " " + kind.noun + " again"
}

// autoListed is the answer to a listing of kind k that autoList sent: one
// more goes when the list changed again while it was on its way. The
// status's "listing the tools again" outlived the answer by seconds,
// read as still on its way: it says it is done.
func (m *Model) autoListed(k int) tea.Cmd {
	st := &m.autoLists[k]
	st.listing = false
	var done tea.Cmd
	if s := m.status.msg; s != nil && s.text == autoListWords(k, "listing the") {
		done = m.setStatus(levelInfo, autoListWords(k, "listed the"))
	}
	if !st.again {
		return done
	}
	st.again = false
	return tea.Batch(done, m.autoList(k))
}
