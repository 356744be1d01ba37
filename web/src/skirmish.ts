// A small sandbox battle for trying the system while no title is chosen: a
// 14x12 map with woods, rough ground, a town, a creek and a road, four units a
// side and a reinforcement each. Sent as the `setup` of a new sandbox game.

type A = Record<string, unknown>;

const terrain = (hex: string, t: string): A => ({ kind: 'terrain', hex, terrain: t });
const side = (a: string, b: string, f: string): A => ({ kind: 'hexside', a, b, features: [f] });
const unit = (id: string, s: string, type: string, strength: number, hex: string): A => ({
  kind: 'unit', id, side: s, type, strength, defense: strength, hex,
});
const rein = (id: string, s: string, type: string, strength: number, arrival: number, entry: string[]): A => ({
  kind: 'unit', id, side: s, type, strength, defense: strength, hex: null, arrival, entry,
});

export function skirmishSetup(): A[] {
  const out: A[] = [];
  for (const h of ['0604', '0605', '0704', '0705', '1108', '1109', '1208']) out.push(terrain(h, 'forest'));
  for (const h of ['0908', '0909', '1009']) out.push(terrain(h, 'rough'));
  out.push(terrain('0706', 'town'));
  // A road west to east through the town.
  const road = ['0106', '0206', '0306', '0406', '0506', '0606', '0706', '0806', '0906', '1006', '1106', '1206', '1306', '1406'];
  for (let i = 0; i + 1 < road.length; i++) out.push(side(road[i], road[i + 1], 'road'));
  // A creek along column 8's western hexsides.
  for (const [a, b] of [['0701', '0801'], ['0702', '0802'], ['0703', '0803'], ['0704', '0804'], ['0705', '0805']]) out.push(side(a, b, 'creek'));
  out.push(
    unit('1/I', 'union', 'inf', 8, '0505'),
    unit('2/I', 'union', 'inf', 6, '0506'),
    unit('Art', 'union', 'art', 4, '0406'),
    unit('Cav', 'union', 'cav', 3, '0409'),
    unit('Hill', 'confederate', 'inf', 7, '0606'),
    unit('Ewell', 'confederate', 'inf', 5, '0907'),
    unit('Pelham', 'confederate', 'art', 3, '1006'),
    unit('Stuart', 'confederate', 'cav', 3, '1110'),
    rein('3/I', 'union', 'inf', 5, 2, ['0106']),
    rein('Jackson', 'confederate', 'inf', 8, 3, ['1406']),
  );
  return out;
}
