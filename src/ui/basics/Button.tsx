import type { ButtonHTMLAttributes } from "react";
import { buttonClass, type ButtonVariant } from "../buttonStyles";

export function Button({
  variant = "secondary",
  className = "",
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={`${buttonClass(variant)} ${className}`} {...rest} />;
}
