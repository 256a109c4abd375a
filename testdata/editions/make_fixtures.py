#!/usr/bin/env python3
"""Writes the synthetic borders files of the test editions: squares of one
degree near the equator, named by a `name` property. Rerun after editing;
the output is committed so that tests need no Python."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

def cell(x, y, w=1, h=1):
    return [[x, y], [x + w, y], [x + w, y + h], [x, y + h], [x, y]]

def fc(features):
    return {"type": "FeatureCollection", "features": features}

def feat(name, *rings_per_polygon):
    polys = [[r] for r in rings_per_polygon]
    geom = {"type": "Polygon", "coordinates": polys[0]} if len(polys) == 1 else \
           {"type": "MultiPolygon", "coordinates": polys}
    return {"type": "Feature", "properties": {"name": name}, "geometry": geom}

def line(name, coords):
    return {"type": "Feature", "properties": {"name": name}, "geometry": {"type": "LineString", "coordinates": coords}}

def poly(name, ring):
    return {"type": "Feature", "properties": {"name": name}, "geometry": {"type": "Polygon", "coordinates": [ring]}}

def write(folder, name, obj):
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    with open(os.path.join(HERE, folder, name), "w") as f:
        json.dump(obj, f, indent=1)
        f.write("\n")

# Four squares meeting at one point, the Four Corners.
write("corners", "borders.geojson", fc([
    feat("Northwest", cell(0, 1)), feat("Northeast", cell(1, 1)),
    feat("Southwest", cell(0, 0)), feat("Southeast", cell(1, 0))]))

# A region in two parts, each bordering a different neighbour (Michigan).
write("peninsulas", "borders.geojson", fc([
    feat("Twopart", cell(0, 0), cell(0, 2)), feat("Lowland", cell(1, 0)),
    feat("Highland", cell(1, 2)), feat("Midland", cell(1, 1))]))

# An island reached by ferry.
write("ferry", "borders.geojson", fc([
    feat("Westshore", cell(0, 0)), feat("Eastshore", cell(1, 0)), feat("Farshore", cell(2, 0)),
    feat("Isle", cell(4, 0, 0.5, 0.5))]))

# Omitting the only region bordering both ends of a car link.
write("omit", "borders.geojson", fc([
    feat("Pleft", cell(0, 0)), feat("Omitted", cell(1, 0)), feat("Qright", cell(2, 0)),
    feat("Tleft", cell(0, 1)), feat("Vmid", cell(1, 1)), feat("Uright", cell(2, 1))]))

# Two features merged into one region.
write("merge", "borders.geojson", fc([
    feat("Sudan", cell(0, 0)), feat("South Sudan", cell(0, 1)),
    feat("Chad", cell(1, 0)), feat("Libya", cell(1, 1)), feat("Egypt", cell(2, 0, 1, 2))]))

# One region cut in three along two lines, with an island, under a neighbour
# whose single border becomes three (T-junctions where the cuts meet it).
write("split", "borders.geojson", fc([
    feat("Kingdom", cell(0, 0, 3, 1), cell(4, 0.2, 0.3, 0.3)), feat("Northland", cell(0, 1, 3, 1))]))
write("split", "cuts.geojson", fc([
    line("west", [[1, -0.5], [1, 1]]), line("east", [[2, 1], [2.1, 0.5], [2, -0.5]])]))

# A coast and a sea drawn a little off it (0.01 degrees, about 1.1 km).
write("sea", "borders.geojson", fc([
    feat("Alpha", cell(0, 0)), feat("Beta", cell(1, 0)), feat("Gamma", cell(2, 0)),
    feat("Delta", cell(0, 1, 3, 1))]))
write("sea", "seas.geojson", fc([
    poly("South Sea", [[-0.5, -1], [1.6, -1], [1.6, -0.01], [-0.5, -0.01], [-0.5, -1]]),
    poly("Lake", [[5, 5], [6, 5], [6, 6], [5, 6], [5, 5]])]))

# A rail line drawn across a row of regions.
write("rail", "borders.geojson", fc([
    feat("One", cell(0, 0)), feat("Two", cell(1, 0)), feat("Three", cell(2, 0)),
    feat("Four", cell(3, 0)), feat("Five", cell(0, 1, 4, 1))]))
write("rail", "rails.geojson", fc([
    line("coastal", [[0.5, 0.5], [1.5, 0.3], [2.5, 0.6]])]))
