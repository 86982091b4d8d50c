#!/usr/bin/python3
"""Float64 reference volume, area and size of the fixture models, for the mesh tests.

Run with Debian's python3 and python3-stl (numpy-stl):
  /usr/bin/python3 bench/mesh/make-fixture-references.py > packages/domain/src/mesh/fixture-references.json

STL files are read by numpy-stl (its float32 triangles; an ASCII file with a space before "solid" is
handed to it with that space removed, which numpy-stl needs); 3MF files by zipfile + ElementTree, with build and
component transforms applied in float64 (and the unit to mm) and the result stored as float32, as any STL would hold it. Volume
and area are then summed in double precision (math.fsum) from those float32 corners.
"""
import io, json, math, os, sys, zipfile
import xml.etree.ElementTree as ET
import numpy as np
from stl import mesh as stlmesh

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'fixtures', 'models')
CORE = '{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}'
PROD = '{http://schemas.microsoft.com/3dmanufacturing/production/2015/06}'
UNITS = {'micron': 0.001, 'millimeter': 1.0, 'centimeter': 10.0, 'inch': 25.4, 'foot': 304.8, 'meter': 1000.0}


def measures(tri):
    """tri: (n, 3, 3) float32 corners."""
    t = tri.astype(np.float64)
    a, b, c = t[:, 0], t[:, 1], t[:, 2]
    n = np.cross(b - a, c - a)
    vol = math.fsum(np.einsum('ij,ij->i', a, np.cross(b, c)).tolist()) / 6
    area = math.fsum(np.sqrt(np.einsum('ij,ij->i', n, n)).tolist()) / 2
    flat = t.reshape(-1, 3)
    size = (flat.max(axis=0) - flat.min(axis=0)).tolist()
    return {'triangles': int(len(t)), 'volumeMm3': vol, 'surfaceAreaMm2': area,
            'sizeMm': {'x': size[0], 'y': size[1], 'z': size[2]}}


def matrix(text):
    if text is None:
        return np.vstack([np.eye(3), np.zeros(3)])
    return np.array([float(v) for v in text.split()], dtype=np.float64).reshape(4, 3)


def compose(first, second):
    # row vectors: p' = [p 1] @ M; first then second
    f = np.hstack([first, np.array([[0], [0], [0], [1]])])
    return f @ second


def read_3mf(path):
    z = zipfile.ZipFile(path)
    rels = ET.fromstring(z.read('_rels/.rels'))
    start = [r.get('Target') for r in rels if r.get('Type', '').endswith('/3dmodel')][0]
    models = {}

    def load(part):
        if part not in models:
            root = ET.fromstring(z.read(part.lstrip('/')))
            objects = {}
            for o in root.iter(CORE + 'object'):
                verts = [[float(v.get(k)) for k in 'xyz'] for v in o.iter(CORE + 'vertex')]
                tris = [[int(t.get(k)) for k in ('v1', 'v2', 'v3')] for t in o.iter(CORE + 'triangle')]
                comps = [(c.get('objectid'), c.get(PROD + 'path'), matrix(c.get('transform')))
                         for c in o.iter(CORE + 'component')]
                objects[o.get('id')] = (np.array(verts, dtype=np.float64).reshape(-1, 3), tris, comps)
            items = [(i.get('objectid'), i.get(PROD + 'path'), matrix(i.get('transform')))
                     for i in root.iter(CORE + 'item')]
            models[part] = (UNITS[root.get('unit', 'millimeter')], objects, items)
        return models[part]

    out = []

    def emit(part, oid, m, scale):
        verts, tris, comps = load(part)[1][oid]
        if tris:
            p = np.hstack([verts, np.ones((len(verts), 1))]) @ m * scale
            out.append(p[np.array(tris)])
        for cid, cpath, cm in comps:
            emit(cpath or part, cid, compose(cm, m), scale)

    scale, _, items = load(start)
    for oid, ipath, m in items:
        emit(ipath or start, oid, m, scale)
    return np.concatenate(out).astype(np.float32)


refs = {'_note': __doc__.strip()}
for folder in ('stl', '3mf'):
    for name in sorted(os.listdir(os.path.join(ROOT, folder))):
        path = os.path.join(ROOT, folder, name)
        if folder == 'stl':
            # numpy-stl only takes ASCII that starts with "solid" at byte 0; one fixture has a space first
            with open(path, 'rb') as f:
                data = f.read()
            if data[:5] != b'solid' and data.lstrip()[:5] == b'solid' and b'facet' in data[:1024]:
                tri = stlmesh.Mesh.from_file(name, fh=io.BytesIO(data.lstrip()), speedups=False).vectors
            else:
                tri = stlmesh.Mesh.from_file(path).vectors
        else:
            tri = read_3mf(path)
        refs[f'{folder}/{name}'] = measures(tri)
json.dump(refs, sys.stdout, indent=2)
print()
