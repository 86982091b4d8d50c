#!/usr/bin/python3
"""numpy-stl on one STL file: load, then volume (its own float32 get_mass_properties), area and size.
Also the float64 volume of the same float32 triangles (math.fsum), the reference the bench compares to.
Prints one JSON line."""
import json, math, sys, time
import numpy as np
from stl import mesh

path = sys.argv[1]
t0 = time.perf_counter()
m = mesh.Mesh.from_file(path)
t1 = time.perf_counter()
volume32, _cog, _inertia = m.get_mass_properties()
area32 = float(m.areas.sum())
size = (m.max_ - m.min_).tolist()
t2 = time.perf_counter()
v = m.vectors.astype(np.float64)
volume64 = math.fsum(np.einsum('ij,ij->i', v[:, 0], np.cross(v[:, 1], v[:, 2])).tolist()) / 6
n = np.cross(v[:, 1] - v[:, 0], v[:, 2] - v[:, 0])
area64 = math.fsum(np.sqrt(np.einsum('ij,ij->i', n, n)).tolist()) / 2
print(json.dumps({'loadMs': (t1 - t0) * 1000, 'analysisMs': (t2 - t1) * 1000, 'totalMs': (t2 - t0) * 1000,
                  'triangles': len(m.vectors), 'volume32': float(volume32), 'area32': area32,
                  'volume64': volume64, 'area64': area64, 'size': size}))
