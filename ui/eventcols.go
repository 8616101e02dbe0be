package ui

// eventColumns are the widths of the raw events pane's columns for an
// inner width; columns that do not fit are dropped (width 0), the least
// useful first, so the data keeps room to be read.
type eventColumns struct{ time, stream, name, id, size, data int }

// minEventData is the least room the data column keeps before columns go.
const minEventData = 16

func eventColumnsFor(w int, streamW int) eventColumns {
	c := eventColumns{time: 9, stream: streamW, name: 10, id: 6, size: 9}
	fixed := func() int {
		n := 0
		for _, x := range []int{c.time, c.stream, c.name, c.id, c.size} {
			if x > 0 {
				n += x + 1
			}
		}
		return n
	}
	for _, drop := range []*int{&c.id, &c.size, &c.name} {
		if w-fixed() >= minEventData {
			break
		}
		*drop = 0
	}
	c.data = max(w-fixed(), 1)
	return c
}

// row joins the cells of one line at the column widths.
func (c eventColumns) row(time, stream, name, id, size, data string) string {
	var b []byte
	add := func(s string, w int, right bool) {
		if w <= 0 {
			return
		}
		if right {
			b = append(b, rcell(s, w)...)
		} else {
			b = append(b, cell(s, w)...)
		}
		b = append(b, ' ')
	}
	add(time, c.time, false)
	add(stream, c.stream, false)
	add(name, c.name, false)
	add(id, c.id, false)
	add(size, c.size, true)
	return string(b) + data
}
