package history

import (
	"encoding/json"
	"fmt"

	"github.com/mcpscope/mcpscope/mcp"
)

// Reading a recording's lines back (either version of the format, see
// format.go) into the records the session emitted.

// decoder turns lines of a recording (either version) back into the records
// the session emitted. Records that point into an earlier event's data find
// it as the last event decoded or, reading out of order, through find.
type decoder struct {
	lastSeq  int64
	lastData string
	hasLast  bool
	// find returns the data of the event record with this Seq, for records
	// read out of order; nil when records are read in order only.
	find func(seq int64) (string, error)
	// noFacts leaves out what RPCMessage.NoteAnswer notes of an answer
	// (Ambiguous, InputRequired), which only the panes read: a re-run
	// compares the bytes, and the notes cost a parse of every answer.
	noFacts bool
}

// decode parses one line. The bytes of every message it returns are shared
// with its event's, whichever version wrote them.
func (d *decoder) decode(line []byte) (mcp.Record, error) {
	var dr diskRecord
	if err := json.Unmarshal(line, &dr); err != nil {
		return mcp.Record{}, err
	}
	if err := dr.check(); err != nil {
		return mcp.Record{}, err
	}
	rec := dr.Record
	if de := dr.Event; de != nil {
		ev := &de.SSEEvent
		ev.Raw = mcp.Raw(de.Raw)
		data, err := de.data()
		if err != nil {
			return mcp.Record{}, err
		}
		ev.Data = mcp.Raw(data)
		if err := de.readFields(); err != nil {
			return mcp.Record{}, err
		}
		rec.Event = ev
		d.lastSeq, d.lastData, d.hasLast = rec.Seq, data, true
	}
	if dm := dr.RPC; dm != nil {
		m := &dm.RPCMessage
		switch {
		case dm.RawOf != nil:
			raw, err := d.resolve(*dm.RawOf, rec.Seq)
			if err != nil {
				return mcp.Record{}, err
			}
			m.Raw = mcp.Raw(raw)
		case dm.Raw != nil:
			m.Raw = mcp.Raw(*dm.Raw)
			// A version 1 recording repeats the event's data here.
			if d.hasLast && string(m.Raw) == d.lastData {
				m.Raw = mcp.Raw(d.lastData)
			}
		}
		if !d.noFacts {
			m.NoteAnswer()
		}
		rec.RPC = m
	}
	return rec, nil
}

// data is the event's data, however it was stored.
func (de *diskEvent) data() (string, error) {
	raw := string(de.Raw)
	switch {
	case de.DataAt != nil:
		return de.at(*de.DataAt, "data_at")
	case de.DataFromRaw:
		return eventData(raw), nil
	case de.Data != nil:
		data := string(*de.Data)
		// A version 1 recording spells the data out; share the bytes.
		if at, ok := within(raw, data); ok && data != "" {
			return raw[at : at+len(data)], nil
		}
		return data, nil
	}
	return "", nil
}

// resolve returns the bytes a raw_of reference of record seq names.
func (d *decoder) resolve(ref rawRef, seq int64) (string, error) {
	var data string
	switch {
	case d.hasLast && d.lastSeq == ref.Seq:
		data = d.lastData
	case ref.Seq >= seq:
		// No damaged line explains it: the reference was edited.
		return "", fmt.Errorf("its raw_of names record %d, which does not come before it (the message's bytes are in the event line before it): the file was edited", ref.Seq)
	case d.find != nil:
		var err error
		if data, err = d.find(ref.Seq); err != nil {
			return "", err
		}
	case d.hasLast && ref.Seq < d.lastSeq:
		// Record lastSeq, an event after the one named, was read whole:
		// the reference, not a damaged line, is wrong.
		return "", fmt.Errorf("its raw_of names event record %d, but the event line before it is record %d: the file was edited", ref.Seq, d.lastSeq)
	default:
		// The event before the message holds its bytes: it was read as
		// something else, or not at all (its line is damaged or gone).
		return "", fmt.Errorf("its bytes are kept in event record %d, the event line before it, which could not be read (damaged or removed)", ref.Seq)
	}
	if ref.From < 0 || ref.To < ref.From || ref.To > len(data) {
		return "", fmt.Errorf("raw_of [%d,%d] is outside the %d bytes of event record %d's data", ref.From, ref.To, len(data), ref.Seq)
	}
	return data[ref.From:ref.To], nil
}
