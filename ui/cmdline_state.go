package ui

import (
	"bytes"
	"encoding/json"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// What the command line is told of the session, for its completion and
// hints; each setter says the hint is to be built again (changed).

// SetSurface tells completion which prompts, resources and templates the
// server listed last.
func (c *CommandLine) SetSurface(sf history.Surface) {
	if sameSurface(sf, c.surface) {
		// Told again on every batch of records: a busy server's
		// notifications built the hint again for each.
		return
	}
	c.surface = sf
	c.changed()
}

// sameSurface reports whether a and b are the Log's same lists: it hands
// out the lists it keeps, and a change makes new ones or grows them.
func sameSurface(a, b history.Surface) bool {
	return sameList(a.Prompts, b.Prompts) && sameList(a.Resources, b.Resources) &&
		sameList(a.Templates, b.Templates) && sameList(a.Subscribed, b.Subscribed) && a.Unheard == b.Unheard
}

// sameList reports whether a and b are one list: the same length over the
// same memory.
func sameList[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// SetTransport tells completion which era's methods to offer: the
// transport in use, or "" (or auto) while it is not known.
func (c *CommandLine) SetTransport(transport string) {
	if c.methods == nil || transport != c.transport {
		c.transport, c.methods = transport, command.MethodsFor(transport)
		c.undeclared = undeclaredOf(c.methods, transport, c.caps)
		c.changed()
	}
}

// SetCapabilities tells completion what the server declared (its
// initialize's or server/discover's capabilities; nil before one), so the
// methods it offers come first and those it would refuse as unknown are
// marked: mcpscope knows them all, the server may not.
func (c *CommandLine) SetCapabilities(caps json.RawMessage) {
	if !bytes.Equal(caps, c.caps) {
		c.caps = caps
		c.undeclared = undeclaredOf(c.methods, c.transport, caps)
		c.changed()
	}
}

// undeclaredOf are the methods that need a capability caps leaves out
// over transport, whose era says which (mcp.Undeclared), nil when caps
// says nothing of what the server offers; nil methods are every era's, as
// completion offers before SetTransport.
func undeclaredOf(methods []string, transport string, caps json.RawMessage) map[string]bool {
	if methods == nil {
		methods = command.MethodsFor("")
	}
	var out map[string]bool
	for _, m := range methods {
		if mcp.Undeclared(m, transport, caps) != "" {
			if out == nil {
				out = map[string]bool{}
			}
			out[m] = true
		}
	}
	return out
}

// SetUninitialized tells the hints the session is open but not
// initialized (a legacy stream before i): listing the tools cannot work yet.
func (c *CommandLine) SetUninitialized(u bool) {
	if c.uninitialized != u {
		c.uninitialized = u
		c.changed()
	}
}

// SetUnconnected tells the hints no transport could be opened, or the one
// there was closed (the reconnects of its own gave up): nothing the line
// sends can go until the user reconnects, so the hints name that key
// first instead of c and l, which only answer "not connected". The status
// line's "press r" is gone after a few seconds; the keys row stays.
func (c *CommandLine) SetUnconnected(u bool) {
	if c.unconnected != u {
		c.unconnected = u
		c.changed()
	}
}

// SetNeedsInitialize tells the hints the session is gone or new (expired,
// or a reconnect's): they name i first, where they went on offering c.
func (c *CommandLine) SetNeedsInitialize(n bool) {
	if c.needsInit != n {
		c.needsInit = n
		c.changed()
	}
}

// SetListingTools tells the hints a tools/list is on its way: "tab lists
// them" read as if nothing had been asked while c's listing was waited for.
func (c *CommandLine) SetListingTools(l bool) {
	if c.listingTools != l {
		c.listingTools = l
		c.changed()
	}
}

// SetRoots tells completion which roots are offered.
func (c *CommandLine) SetRoots(roots []mcp.Root) {
	c.roots = roots
	c.changed()
}

// SetDisabled turns sending off with the reason shown to the user, as in
// replay mode; "" turns it back on.
func (c *CommandLine) SetDisabled(reason string) {
	if c.disabled != reason {
		c.disabled = reason
		c.changed()
	}
}
