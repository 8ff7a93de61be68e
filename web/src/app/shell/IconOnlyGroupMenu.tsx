import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import type { NavGroupItem } from './nav-items';

interface IconOnlyGroupMenuProps {
  item: NavGroupItem;
  /** The group's icon button, which opens the menu. */
  button: ReactElement;
  onNavigate: () => void;
}

/** A group of the icon-only sidebar (the Automations dropdown): a menu beside its icon. Loaded lazily. */
export default function IconOnlyGroupMenu({ item, button, onNavigate }: IconOnlyGroupMenuProps) {
  return (
    <Menu position="right-start" withArrow>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{item.label}</Menu.Label>
        {item.links.map((link) => (
          <Menu.Item
            key={link.to}
            component={Link}
            to={link.to}
            leftSection={<link.icon size={16} aria-hidden />}
            onClick={onNavigate}
          >
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
