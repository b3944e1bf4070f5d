/**
 * The dependencies between the resources of a CloudFormation template, as CloudFormation orders
 * them: a resource depends on every resource it names (Ref, Fn::GetAtt, `${Id}` in Fn::Sub) and on
 * its DependsOn. A cycle among them is a template CloudFormation refuses to deploy ("Circular
 * dependency between resources"), which a synthesis alone does not reveal.
 */

type Resources = Readonly<Record<string, { readonly Properties?: unknown; readonly DependsOn?: string | readonly string[] }>>;

/** The logical ids a template value names. */
function named(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(named);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    if (key === 'Ref' && typeof inner === 'string') return [inner];
    if (key === 'Fn::GetAtt') return [Array.isArray(inner) ? String(inner[0]) : String(inner).split('.')[0]!];
    if (key === 'Fn::Sub') {
      const text = Array.isArray(inner) ? String(inner[0]) : String(inner);
      const inText = [...text.matchAll(/\$\{([A-Za-z0-9]+)(?:\.[A-Za-z0-9.]+)?\}/g)].map((m) => m[1]!);
      return [...inText, ...(Array.isArray(inner) ? named(inner[1]) : [])];
    }
    return named(inner);
  });
}

/** Each resource's logical id, with the ids of the resources it depends on. */
export function dependencies(resources: Resources): Map<string, Set<string>> {
  return new Map(
    Object.entries(resources).map(([id, resource]) => {
      const explicit = resource.DependsOn === undefined ? [] : typeof resource.DependsOn === 'string' ? [resource.DependsOn] : resource.DependsOn;
      return [id, new Set([...named(resource.Properties ?? {}), ...explicit].filter((other) => other in resources))];
    }),
  );
}

/** Every dependency cycle of the template, each as `A → B → A`; none for a template CloudFormation can order. */
export function dependencyCycles(resources: Resources): string[] {
  const graph = dependencies(resources);
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  // Depth-first, every resource once: one met again while still on the path closes a cycle.
  const visit = (id: string, path: readonly string[]) => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'open') {
      cycles.push([...path.slice(path.indexOf(id)), id].join(' → '));
      return;
    }
    state.set(id, 'open');
    for (const next of graph.get(id)!) visit(next, [...path, id]);
    state.set(id, 'done');
  };
  for (const id of graph.keys()) visit(id, []);
  return cycles;
}
