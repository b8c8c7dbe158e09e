from floorman.cli import main

main()
